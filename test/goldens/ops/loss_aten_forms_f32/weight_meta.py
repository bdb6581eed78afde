class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = -24.0
    std = 43.89191269470949
    data = [1, -100, 0, 3]


class Program_weight_tensor_meta_L_u_:
    name = "L_u_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0.05
    max_val = 0.95
    data = None
