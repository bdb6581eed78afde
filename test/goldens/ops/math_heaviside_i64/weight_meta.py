class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 2.0
    min_val = -2
    max_val = 2
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 6.0
    std = 3.0
    min_val = 3
    max_val = 9
    data = None
