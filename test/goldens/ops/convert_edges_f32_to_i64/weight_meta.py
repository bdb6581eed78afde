class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 500000.0000034475
    data = [-2.7, -2.5, -0.5, 0.5, 2.5, 2.7, 1000000.0, -1000000.0]
