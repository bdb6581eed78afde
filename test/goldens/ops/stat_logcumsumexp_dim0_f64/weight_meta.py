class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [9, 2]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 20.0
    data = None
