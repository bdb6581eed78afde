class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 6, 8]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [8, 8]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [8]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
