class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [2, 2, 4, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [2, 2, 6, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [2, 2, 6, 8]
    dtype = "torch.float64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [4, 6]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5416666666666666
    std = 0.4982608642958916
    data = [1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 1, 0, 1]
