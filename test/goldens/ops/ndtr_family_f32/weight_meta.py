class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 15.0
    data = None


class Program_weight_tensor_meta_L_p_:
    name = "L_p_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0.05
    max_val = 0.95
    data = None
