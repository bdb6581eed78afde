class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.5
    data = None
