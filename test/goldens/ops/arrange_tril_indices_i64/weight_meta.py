class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [1]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0
    max_val = 1
    data = None
