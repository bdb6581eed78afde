class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 1.6666666666666666e+19
    std = 3.7267799624996495e+19
    data = [50.0, -30.0, 1000.0, -0.0, 7.5, 1e+20]
