class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 11]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0.05
    max_val = 0.95
    data = None
