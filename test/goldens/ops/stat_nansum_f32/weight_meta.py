class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.625
    std = 2.117634293262177
    data = [1.0, 0.0, 2.0, 3.0, 0.0, 4.0, 5.0, 6.0]


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.125
    std = 0.9270248108869579
    data = [1.0, 0.0, 1.0, 1.0, 1.0, 0.0, 2.0, 3.0]
