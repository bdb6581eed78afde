class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.float64"
    device = "cpu"
    mean = 2.5000750000000003
    std = 43.66252731742871
    data = [-100.0, -30.0, -5.0, -1.0, -0.0001, 0.0, 0.001, 1.0, 5.0, 20.0, 40.0, 100.0]
