class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.float64"
    device = "cpu"
    mean = 2583426.40416675
    std = 8270987.93565578
    data = [1e-06, 0.1, 0.5, 0.75, 1.0, 1.5, 3.0, 10.0, 100.0, 1000.0, 1000000.0, 30000000.0]
