class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 20.0
    data = None


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.066666665
    std = 0.3496506195872929
    data = [0.0, 0.1, -0.49, 0.5, -0.51, 1e-08, float("inf"), float("-inf")]
