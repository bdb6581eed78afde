class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5, 3]
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
    mean = 1.25
    std = 1.0897247358851685
    data = [1, 3, 1, 0]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [4, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 5.0
    data = None
