class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5, 1, 16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [16, 16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
