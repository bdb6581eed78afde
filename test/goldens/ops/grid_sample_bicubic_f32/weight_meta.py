class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 5, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_g_:
    name = "L_g_"
    shape = [2, 3, 4, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 3.0
    min_val = -1.2
    max_val = 1.2
    data = None
