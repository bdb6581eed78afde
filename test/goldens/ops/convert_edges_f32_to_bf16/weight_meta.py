class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.875e+37
    std = 7.261843774138906e+37
    data = [1.00390625, 1.01171875, -1.00390625, 65504.0, 65520.0, 70000.0, -70000.0, 1e-08, 6e-08, 3e-05, 3e+38, 1.0000001, 0.1, 2.5, -0.0, 1e-40]
