class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [2, 3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.0
    std = 7.0
    data = [0, 11, -1, 5, -12, 3]
