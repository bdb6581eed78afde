class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 100.0
    std = 100.0
    min_val = 0
    max_val = 200
    data = None
