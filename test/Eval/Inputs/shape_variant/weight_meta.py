class Program_weight_tensor_meta_L_input_ids_:
    name = "L_input_ids_"
    shape = [1, 5]
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = None
    data = [3, 1, 4, 1, 5]


class Program_weight_tensor_meta_L_self_modules_emb_parameters_weight_:
    name = "L_self_modules_emb_parameters_weight_"
    shape = [64, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.02
    data = None


class Program_weight_tensor_meta_L_self_buffers_position_ids_:
    name = "L_self_buffers_position_ids_"
    shape = [1, 64]
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = None
    data = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63]
