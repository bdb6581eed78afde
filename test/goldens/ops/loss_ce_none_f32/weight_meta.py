class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = -24.0
    std = 43.89191269470949
    data = [1, -100, 0, 3]
