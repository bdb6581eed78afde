class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = -2.375
    std = 57.4715962454498
    data = [-128, 100, 7, 1, -1, 0, -3, 5]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.int64"
    device = "cpu"
    mean = 15.625
    std = 43.6575809568052
    data = [-1, -70, 0, 1, 63, 64, 65, 3]
