class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    min_val = -5
    max_val = 5
    data = None
