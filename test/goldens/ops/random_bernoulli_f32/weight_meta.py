class Program_weight_tensor_meta_L_p_:
    name = "L_p_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = [0.0, 1.0, 0.0, 1.0, 1.0, 0.0]
