class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 150.0
    std = 150.0
    min_val = 0
    max_val = 300
    data = None
