class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 6, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_h0_:
    name = "L_h0_"
    shape = [1, 2, 1]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_c0_:
    name = "L_c0_"
    shape = [1, 2, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_p_wi_:
    name = "L_p_wi_"
    shape = [20, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_p_wh_:
    name = "L_p_wh_"
    shape = [20, 1]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_p_wr_:
    name = "L_p_wr_"
    shape = [1, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None
