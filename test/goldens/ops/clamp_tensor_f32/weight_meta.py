class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_lo_:
    name = "L_lo_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.5
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_hi_:
    name = "L_hi_"
    shape = [4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 1.5
    data = None
