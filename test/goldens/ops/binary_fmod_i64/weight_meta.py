class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 20.0
    min_val = -20
    max_val = 20
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.8
    std = 4.166533331199932
    data = [3, -2, 5, -4, 7]
