class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.35
    std = 1.6401219466856727
    data = [-3.0, -1.0, 0.0, 0.25, 2.0]
