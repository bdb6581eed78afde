class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 9]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
