class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [4, 2, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [5, 2, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [5, 2, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_w_in_:
    name = "L_w_in_"
    shape = [24, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_in_:
    name = "L_b_in_"
    shape = [24]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_w_out_:
    name = "L_w_out_"
    shape = [8, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_out_:
    name = "L_b_out_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [4, 5]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.4
    std = 0.48989794855663565
    data = [0, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0]
