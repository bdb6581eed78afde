class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
