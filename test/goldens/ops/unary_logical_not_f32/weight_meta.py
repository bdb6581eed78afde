class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.4166666666666667
    std = 1.5388487760516156
    data = [0.0, -0.0, 1.5, -2.0, 0.0, 3.0]
