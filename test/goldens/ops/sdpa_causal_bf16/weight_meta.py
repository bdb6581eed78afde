class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [2, 2, 5, 8]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [2, 2, 5, 8]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [2, 2, 5, 8]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
