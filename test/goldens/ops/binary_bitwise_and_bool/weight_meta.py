class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [4, 5]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None
