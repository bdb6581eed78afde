class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 2.0
    min_val = 0
    max_val = 4
    data = None


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
