class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 100.0
    std = 300.0
    min_val = 0
    max_val = 255
    data = None
