class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.2222222222222223
    std = 1.7497795275581802
    data = [1.0, 3.0, 3.0, 2.0, 2.0, 5.0, 4.0, 4.0, 1.0, 1.0, 1.0, 4.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0]


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [4, 7]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
