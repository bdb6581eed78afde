class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.1
    std = 1.4
    data = [-0.3, 2.5]
