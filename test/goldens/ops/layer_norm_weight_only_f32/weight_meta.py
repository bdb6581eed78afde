class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.5
    data = None
