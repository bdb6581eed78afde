class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3
    std = 0.9192388155425117
    data = [-1.0, 0.0, 0.7, 1.5]
