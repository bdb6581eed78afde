class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [3, 4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_t_:
    name = "L_t_"
    shape = [5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.5
    std = 4.5
    min_val = 0
    max_val = 9
    data = None
