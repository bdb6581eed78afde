class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.08333333333333333
    std = 0.9316949906249125
    data = [0.0, 1.0, -2.0, 0.0, 0.5, -0.0]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.1547005383792515
    data = [0.0, 0.0, 3.0, 1.0, 0.0, 2.0]
