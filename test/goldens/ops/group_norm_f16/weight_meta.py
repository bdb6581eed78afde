class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 6, 3, 3]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.5
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 1.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None
