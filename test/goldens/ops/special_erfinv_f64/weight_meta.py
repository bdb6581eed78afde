class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [17]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.03293529411764705
    std = 0.9425858468884646
    data = [-1.0, -0.999999, -0.99, -0.9, -0.5, -1e-06, 0.0, 1e-07, 0.2, 0.5, 0.8, 0.95, 0.9999, 0.9999999, 1.0, 1.5, -2.0]
