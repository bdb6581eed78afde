class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.6666666666666666e+29
    std = 3.7267799624996495e+29
    data = [10000000000.0, -10000000000.0, 30000000.0, -123456.7, 1e+30, 5.5]
