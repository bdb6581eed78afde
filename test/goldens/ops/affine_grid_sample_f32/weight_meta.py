class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 6, 7]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [2, 2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 2.0
    data = None
