class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [4, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_g_:
    name = "L_g_"
    shape = [1, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 2.5
    min_val = 0.1
    data = None
