class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 2.0
    min_val = -2
    max_val = 2
    data = None
