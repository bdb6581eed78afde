class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.int32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    min_val = -5
    max_val = 5
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [3, 4]
    dtype = "torch.int32"
    device = "cpu"
    mean = 3.0
    std = 2.0
    min_val = 1
    max_val = 5
    data = None
