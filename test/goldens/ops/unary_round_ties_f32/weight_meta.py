class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.1875
    std = 2.0133021175836148
    data = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 0.0, 1.0, -1.0, 2.25]
