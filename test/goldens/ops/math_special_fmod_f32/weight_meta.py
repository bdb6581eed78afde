class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.3335897189396513e+38
    data = [float("nan"), float("inf"), float("-inf"), -0.0, 0.0, 1e+30, -1e+30, 88.8, -88.8, 10000.0, -10000.0, 0.5, -0.5, 2.5, 3.4e+38, -3.4e+38]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.3335897189396513e+38
    data = [-3.4e+38, 3.4e+38, 2.5, -0.5, 0.5, -10000.0, 10000.0, -88.8, 88.8, -1e+30, 1e+30, 0.0, -0.0, float("-inf"), float("inf"), float("nan")]
