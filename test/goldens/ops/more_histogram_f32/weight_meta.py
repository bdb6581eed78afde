class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [4, 9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3
    std = 1.661324772583615
    data = [-2.0, -0.5, 0.0, 1.0, 3.0]


class Program_weight_tensor_meta_L_g_:
    name = "L_g_"
    shape = [7]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.17857142857142858
    std = 0.690681414493347
    data = [-1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.0]
