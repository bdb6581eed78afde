class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [3, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.0
    data = [1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0]
