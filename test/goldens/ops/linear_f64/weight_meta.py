class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [2, 5, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [6, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [6]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
