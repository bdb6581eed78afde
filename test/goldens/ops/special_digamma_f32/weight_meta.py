class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [27]
    dtype = "torch.float32"
    device = "cpu"
    mean = 4e+28
    std = 1.9595917942265424e+29
    data = [-9999.7, -20.5, -3.7, -2.5, -1.25, -0.5, -1e-06, 1e-07, 0.1, 0.49, 0.5, 0.51, 1.0, 1.5, 2.0, 6.0, 6.5, 7.0, 30.0, 100000.0, 1e+30, -2.0, -1.0, 0.0, -0.0, float("inf"), float("-inf")]
