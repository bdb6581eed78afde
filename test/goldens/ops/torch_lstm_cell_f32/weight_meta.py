class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_h_:
    name = "L_h_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_c_:
    name = "L_c_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_u_:
    name = "L_u_"
    shape = [1, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_k_wi_:
    name = "L_k_wi_"
    shape = [12, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_k_wh_:
    name = "L_k_wh_"
    shape = [12, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_k_bi_:
    name = "L_k_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_k_bh_:
    name = "L_k_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
