class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = -14924.25
    std = 26024.78173179364
    data = [300.0, -60000.0, 0.0, float("inf"), float("nan"), 3.0]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 12081.2
    std = 23959.895879573436
    data = [400.0, 60000.0, -0.0, float("nan"), 2.0, 4.0]
