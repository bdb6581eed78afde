class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.0
    std = 4.949747468305833
    data = [0.0, 5.0, 10.0, float("nan"), -3.0]
