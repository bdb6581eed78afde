class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
