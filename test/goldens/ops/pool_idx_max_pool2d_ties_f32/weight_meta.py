class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [1, 2, 6, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.0
    min_val = 0
    max_val = 2
    data = None
