class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.36
    std = 2.1322288807724186
    data = [-4.0, -2.0, -0.5, 0.0, 0.1, 0.5, 1.0, 2.0, 3.0, 3.5]
