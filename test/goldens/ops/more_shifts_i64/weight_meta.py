class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 100.0
    min_val = -100
    max_val = 100
    data = None


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = 3.0
    std = 3.0
    min_val = 0
    max_val = 6
    data = None
