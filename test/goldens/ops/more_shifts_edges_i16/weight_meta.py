class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int16"
    device = "cpu"
    mean = -2.375
    std = 57.4715962454498
    data = [-128, 100, 7, 1, -1, 0, -3, 5]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.int16"
    device = "cpu"
    mean = -2.375
    std = 26.542124538175162
    data = [-1, -70, 0, 1, 15, 16, 17, 3]
