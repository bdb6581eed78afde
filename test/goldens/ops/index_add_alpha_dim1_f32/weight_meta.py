class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.5
    std = 1.6583123951777
    data = [5, 1, 1, 3]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
