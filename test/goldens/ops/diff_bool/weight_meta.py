class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None
