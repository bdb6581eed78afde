class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [13]
    dtype = "torch.float32"
    device = "cpu"
    mean = 76156.24615377691
    std = 266703.947527575
    data = [-10000.0, -20.0, -2.0, -1.0, -0.3, -1e-06, 0.0, 1e-07, 0.5, 1.0, 3.0, 50.0, 1000000.0]
