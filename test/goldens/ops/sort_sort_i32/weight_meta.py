class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 7]
    dtype = "torch.int32"
    device = "cpu"
    mean = -0.5
    std = 8.077747210701755
    data = [4, 3, -2, 12, 1, 2, -1, -12, -13, 9, 0, -10, 8, -8, -7, -9, 6, -5, -3, 13, 5, 7, -14, -6, -11, 11, 10, -4]
