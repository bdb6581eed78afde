class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.8181818181818183e+29
    std = 1.2792042981336626e+38
    data = [0.0, 3e+38, -3e+38, 2.0, 1.0, float("inf"), 0.0, 5.0, -1e-30, 1e-30, 1e+30, 1e+30]
