class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_h0_:
    name = "L_h0_"
    shape = [1, 3, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_g_wi_:
    name = "L_g_wi_"
    shape = [6, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_g_wh_:
    name = "L_g_wh_"
    shape = [6, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_g_bi_:
    name = "L_g_bi_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_g_bh_:
    name = "L_g_bh_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
