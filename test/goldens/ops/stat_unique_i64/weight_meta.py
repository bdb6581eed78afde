class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.722222222222222
    std = 2.662612659182613
    data = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3]
