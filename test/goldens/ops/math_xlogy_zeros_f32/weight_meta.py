class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3333333333333333
    std = 0.9428090415820634
    data = [0.0, 0.0, 1.0, 2.0, 0.0, -1.0]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.5
    std = 1.6072751268321592
    data = [0.0, 2.0, 0.0, 3.0, 1e-30, 4.0]
