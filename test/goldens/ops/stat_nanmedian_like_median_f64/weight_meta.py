class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 0.3535533905932738
    data = [0.0, -0.5, -0.25, 0.25, 0.5]
