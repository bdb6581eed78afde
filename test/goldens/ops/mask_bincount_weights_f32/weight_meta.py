class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [12]
    dtype = "torch.int64"
    device = "cpu"
    mean = 3.5
    std = 3.5
    min_val = 0
    max_val = 7
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
