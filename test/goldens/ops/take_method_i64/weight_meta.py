class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 3.391164991562634
    data = [7, 0, -2, 3]
