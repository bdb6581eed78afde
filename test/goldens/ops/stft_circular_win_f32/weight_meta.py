class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [2, 64]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 0.3
    min_val = 0.05
    max_val = 1.0
    data = None
