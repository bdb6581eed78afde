class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 8, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [5, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.2720000000000002
    std = 2.45251218141725
    data = [0.0, 1.0, 1.0, 6.0, 5.5, 1.0, 0.5, 2.0, 7.5, 7.0, 0.0, 3.2, 0.1, 4.1, 3.9, 1.0, 5.0, 5.0, 5.0, 6.0, 0.0, 6.0, 6.0, 2.0, 3.0]
