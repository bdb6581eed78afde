class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.0
    std = 5.0
    min_val = 0.05
    data = None


class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.0
    std = 7.5
    min_val = 0.01
    data = None


class Program_weight_tensor_meta_L_ae_:
    name = "L_ae_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 17.407214285714286
    std = 40.09197859953422
    data = [0.0, 0.0, 1.0, float("inf"), float("inf"), 2.0, -1.0, 2.0, 0.5, 25.0, 150.0, 0.001, 3.0, 0.2, 60.0, 1.0]


class Program_weight_tensor_meta_L_xe_:
    name = "L_xe_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 21.22500071428572
    std = 42.614403438190514
    data = [1.0, 0.0, 0.0, float("inf"), 5.0, float("inf"), 1.0, -1.0, 1e-05, 24.0, 160.0, 0.8, 1.05, 0.3, 55.0, 50.0]
