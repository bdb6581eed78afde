class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.75
    std = 1.4215601757693317
    data = [4, 0, 2, 1, 1, 3, 0, 2, 0, 4, 3, 1]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 4]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
