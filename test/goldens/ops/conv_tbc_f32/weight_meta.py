class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [7, 2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [3, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
