class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 40]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
