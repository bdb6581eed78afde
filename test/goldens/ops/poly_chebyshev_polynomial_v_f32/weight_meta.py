class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 2.5
    min_val = -0.99
    max_val = 0.99
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.012375000000000004
    std = 1.108308163091385
    data = [-1.0, 1.0, 0.0, 0.3, -0.7, 0.999, 1.5, -2.0]
