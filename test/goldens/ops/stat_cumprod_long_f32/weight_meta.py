class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 500]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.1
    data = None
