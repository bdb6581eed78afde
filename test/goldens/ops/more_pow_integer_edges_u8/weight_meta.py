class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 96.875
    std = 122.23280809586271
    data = [2, 1, 255, 255, 0, 3, 254, 5]


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [8]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 29.5
    std = 46.78407848830626
    data = [1, 3, 3, 2, 100, 0, 7, 120]
