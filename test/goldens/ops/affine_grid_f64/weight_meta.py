class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [2, 2, 3]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 2.5
    data = None
