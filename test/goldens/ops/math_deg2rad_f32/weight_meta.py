class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [7]
    dtype = "torch.float32"
    device = "cpu"
    mean = -66.42857142857143
    std = 307.18438257495967
    data = [-720.0, -180.0, -45.0, 0.0, 30.0, 90.0, 360.0]
