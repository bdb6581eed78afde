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
    mean = 906.0631636363636
    std = 2875.8701496144363
    data = [0.0, -0.0, 1e-08, -1e-08, 2.4048, 11.99, 12.01, -12.01, 30.0, -77.7, 10000.0, float("inf"), float("-inf")]
