class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1555.4125
    std = 4078.3091851702156
    data = [-2.75, -1.5, -0.25, 0.0, 0.3, 1.75, 100.5, 12345.25]
