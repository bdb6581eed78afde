class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.6
    std = 1.3928388277184118
    data = [0.0, 0.5, 1.5, 2.0, 4.0]
