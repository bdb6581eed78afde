class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_p_:
    name = "L_p_"
    shape = [3, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
