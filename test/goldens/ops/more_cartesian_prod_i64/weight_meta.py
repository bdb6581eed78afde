class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_c_:
    name = "L_c_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None
