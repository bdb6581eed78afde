class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.int32"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None
