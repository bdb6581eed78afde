class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [18]
    dtype = "torch.float64"
    device = "cpu"
    mean = 6.064394444444444
    std = 20.88683657954274
    data = [-20.0, -3.0, -0.6, -0.5, -0.49, -0.001, -1e-07, 0.0, 1e-07, 0.0001, 0.25, 0.49, 0.5, 0.51, 2.0, 10.0, 40.0, 80.0]
