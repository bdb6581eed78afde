class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [12]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None
