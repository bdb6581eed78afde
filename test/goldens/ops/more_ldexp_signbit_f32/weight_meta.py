class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.5
    std = 3.5
    min_val = -3
    max_val = 4
    data = None


class Program_weight_tensor_meta_L_z_:
    name = "L_z_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.6666666666666666
    std = 1.3743685418725538
    data = [0.0, -0.0, -1.0, 2.0, -1e-30, 3.0]
