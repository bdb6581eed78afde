class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [14]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.14666741666666758
    std = 34.36113922251264
    data = [-80.0, -20.0, -3.76, -1.0, -1e-05, 0.0, 1e-06, 0.5, 3.74, 3.76, 10.0, 85.0, float("inf"), float("-inf")]
