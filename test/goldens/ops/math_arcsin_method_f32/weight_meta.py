class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.1625
    std = 0.5042011007524676
    data = [-0.5, 0.0, 0.25, 0.9]
