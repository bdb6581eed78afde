class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [2, 64]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None
