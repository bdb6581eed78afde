class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5, 2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_h0_:
    name = "L_h0_"
    shape = [1, 2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_c0_:
    name = "L_c0_"
    shape = [1, 2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_l0_wi_:
    name = "L_l0_wi_"
    shape = [12, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_l0_wh_:
    name = "L_l0_wh_"
    shape = [12, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_l0_bi_:
    name = "L_l0_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_l0_bh_:
    name = "L_l0_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
