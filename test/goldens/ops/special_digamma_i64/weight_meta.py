class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = 10.5
    std = 9.5
    min_val = 1
    max_val = 20
    data = None
