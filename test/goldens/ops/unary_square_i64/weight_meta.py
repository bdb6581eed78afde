class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 7]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 50.0
    min_val = -50
    max_val = 50
    data = None
