class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 3.0
    min_val = -3
    max_val = 3
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 3.0
    min_val = -3
    max_val = 3
    data = None
