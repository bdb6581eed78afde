class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 40.0
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [13]
    dtype = "torch.float32"
    device = "cpu"
    mean = 131.79166666749998
    std = 277.5597127292358
    data = [0.0, -1.0, 1e-30, 1e-08, 0.5, 1.99, 2.01, 13.99, 14.01, 50.0, 700.0, 800.0, float("inf")]
