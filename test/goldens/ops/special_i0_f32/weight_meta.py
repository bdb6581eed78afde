class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.324999285714285
    std = 34.36292542895207
    data = [-80.0, -20.0, -3.75, -3.7, -1.0, -1e-05, 0.0, 0.5, 2.0, 3.74, 3.76, 10.0, 50.0, 85.0, float("inf"), float("-inf")]
