class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [2, 2, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.0
    std = 0.8660254037844386
    data = [0, 1, 2, 1, 2, 2, 0, 0, 0, 1, 2, 1, 2, 2, 0, 0]
