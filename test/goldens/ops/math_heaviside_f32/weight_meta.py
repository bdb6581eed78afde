class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.25
    std = 1.5206906325745548
    data = [-1.0, 0.0, 2.0, 0.0, -3.0, 0.5]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.625
    std = 3.378085009784883
    data = [0.5, 0.25, 9.0, 1.0, 4.0, 7.0]
