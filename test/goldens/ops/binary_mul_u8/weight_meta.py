class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 7.5
    std = 7.5
    min_val = 0
    max_val = 15
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [4, 5]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 7.5
    std = 7.5
    min_val = 0
    max_val = 15
    data = None
