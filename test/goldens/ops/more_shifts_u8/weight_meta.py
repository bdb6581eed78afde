class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 127.5
    std = 127.5
    min_val = 0
    max_val = 255
    data = None
