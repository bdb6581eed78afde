class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.0
    std = 1.0
    data = [0, 2]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = []
    dtype = "torch.int64"
    device = "cpu"
    mean = 7.0
    std = 1.0
    data = [7]
