class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [3, 3]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
