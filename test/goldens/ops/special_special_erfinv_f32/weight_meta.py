class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.19999999999999998
    std = 0.5
    data = [-0.3, 0.7]
