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
    shape = [2, 3, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_f_wi_:
    name = "L_f_wi_"
    shape = [6, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_f_wh_:
    name = "L_f_wh_"
    shape = [6, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_r_wi_:
    name = "L_r_wi_"
    shape = [6, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_r_wh_:
    name = "L_r_wh_"
    shape = [6, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
