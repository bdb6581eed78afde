class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [10, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 3.1666666666666665
    std = 2.6718699236468995
    data = [1, 2, 4, 5, 4, 3, 2, 9, 0, 0, 7, 1]
