class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [18]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 3.588883383333333
    std = 31.769113834653417
    data = [-80.0, -20.0, -3.0, -1.01, -0.99, -0.3, -0.0001, -1e-07, 0.0, 1e-06, 0.2, 0.5, 1.0, 1.2, 4.0, 15.0, 60.0, 88.0]
