class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 1.632993161855452
    data = [4, 0, 2]
