class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [5, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_p_:
    name = "L_p_"
    shape = [5, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_n_:
    name = "L_n_"
    shape = [5, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
