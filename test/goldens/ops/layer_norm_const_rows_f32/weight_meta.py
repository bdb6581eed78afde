class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.5
    std = 0.7905694150420949
    data = [1.5, 1.5, 1.5, 1.5, 0.0, 1.0, 2.0, 3.0]
