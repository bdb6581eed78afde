class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.7
    std = 0.9797958971132712
    data = [0.5, 1.0, 2.0, 1.0, -1.0]
