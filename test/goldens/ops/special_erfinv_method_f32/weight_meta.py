class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.16333333333333333
    std = 0.6506577868246529
    data = [-0.6, 0.1, 0.99]
