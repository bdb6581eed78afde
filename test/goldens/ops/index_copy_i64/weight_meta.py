class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 1.632993161855452
    data = [4, 0, 2]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None
