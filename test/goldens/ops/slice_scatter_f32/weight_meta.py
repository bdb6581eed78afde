class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
