class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5000000074505806
    std = 1.5e+38
    data = [0.0, 3e+38, -3e+38, 1e-40, 1.0, 1.0000001192092896, 0.9999999403953552, 1.0]
