class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [1, 4, 8]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [3, 8, 5]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
