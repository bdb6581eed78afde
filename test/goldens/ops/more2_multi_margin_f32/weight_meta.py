class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
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
    mean = 2.25
    std = 1.920286436967152
    data = [1, 5, 0, 3]


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.0
    std = 2.5
    min_val = 0.1
    data = None
