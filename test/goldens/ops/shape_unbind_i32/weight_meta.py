class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4]
    dtype = "torch.int32"
    device = "cpu"
    mean = 0.0
    std = 99.0
    min_val = -99
    max_val = 99
    data = None
