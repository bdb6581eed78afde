class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.361111111111111
    std = 1.3313063295913066
    data = [1.5, 0.5, 2.0, 0.5, 2.5, 4.5, 1.0, 3.0, 2.5, 1.5, 2.5, 4.0, 4.5, 3.5, 4.5, 1.5, 1.0, 1.5]
