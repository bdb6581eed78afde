class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
