class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [1, 3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 2.5
    data = None
