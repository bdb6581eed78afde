class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 6.5
    std = 5.5
    min_val = 1
    max_val = 12
    data = None
