class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 3]
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
    mean = 0.0
    std = 0.816496580927726
    data = [1, -1, 0]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 9.0
    min_val = -9
    max_val = 9
    data = None
