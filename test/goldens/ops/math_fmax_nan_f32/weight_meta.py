class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.375
    std = 3.0388114452858046
    data = [1.0, -1.0, 0.0, 2.0, -3.0, 0.0, 5.0, 7.0]


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.375
    std = 1.7275343701356567
    data = [0.0, 0.0, 0.0, 1.0, 2.0, 5.0, 1e-30, 3.0]


class Program_weight_tensor_meta_L_c_:
    name = "L_c_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.0
    std = 1.0
    data = [3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]
