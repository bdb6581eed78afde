class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = [0, 1]


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    data = [3, 0]
