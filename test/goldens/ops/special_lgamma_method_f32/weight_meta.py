class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0833333333333333
    std = 1.7360555546666383
    data = [0.25, 3.5, -0.5]
