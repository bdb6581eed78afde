class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 8]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w1_:
    name = "L_w1_"
    shape = [16, 8]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_w2_:
    name = "L_w2_"
    shape = [8, 16]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None
