class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [6, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [6, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = [1.0, -1.0, 1.0, 1.0, -1.0, -1.0]
