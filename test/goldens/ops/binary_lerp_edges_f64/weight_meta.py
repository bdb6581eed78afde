class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float64"
    device = "cpu"
    mean = 1.02
    std = 2.600307674103201
    data = [float("-inf"), 1.0, 0.1, 2.0, -3.0, 5.0]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [6]
    dtype = "torch.float64"
    device = "cpu"
    mean = 1.64
    std = 2.3363218956299665
    data = [0.0, 3.0, 0.7, -1.0, float("inf"), 5.5]


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [6]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.7333333333333334
    std = 0.4930066485916347
    data = [0.75, 1.0, 0.9, 0.0, 0.25, 1.5]
