class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 20.0
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [14]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3333333333333333
    std = 22.425184998617564
    data = [-60.0, -7.01, -6.99, -2.0, -0.0, 0.0, 1.0, 1.99, 2.01, 10.0, 25.0, 40.0, float("inf"), float("-inf")]
