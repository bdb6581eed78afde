class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 15.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = [1.0, -1.0, 1.0, 1.0, -1.0, -1.0]
