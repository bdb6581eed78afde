class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.int8"
    device = "cpu"
    mean = 0.875
    std = 2.2043990110685496
    data = [2, 1, -1, -1, 0, 3, -2, 5]


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [8]
    dtype = "torch.int8"
    device = "cpu"
    mean = 13.625
    std = 40.217960850843745
    data = [-1, -3, -3, -2, -1, 0, -1, 120]
