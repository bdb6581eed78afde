class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 7]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 3.0
    min_val = -3
    max_val = 3
    data = None
