class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [4, 2, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [5, 2, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [5, 2, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_in_:
    name = "L_w_in_"
    shape = [24, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_in_:
    name = "L_b_in_"
    shape = [24]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_w_out_:
    name = "L_w_out_"
    shape = [8, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_out_:
    name = "L_b_out_"
    shape = [8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
