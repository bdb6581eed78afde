class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float16"
    device = "cpu"
    mean = -36.9375
    std = 5005.485631019606
    data = [10000.0, -10000.0, 300.0, 2.0, 0.5, -600.0, 1.0, 1.0]
