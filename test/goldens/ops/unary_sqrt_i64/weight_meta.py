class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 7]
    dtype = "torch.int64"
    device = "cpu"
    mean = 10.0
    std = 10.0
    min_val = 0
    max_val = 20
    data = None
