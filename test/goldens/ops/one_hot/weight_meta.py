class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [2, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 2.0
    min_val = 0
    max_val = 4
    data = None
