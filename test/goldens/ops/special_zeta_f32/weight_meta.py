class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 4.0
    std = 5.0
    min_val = 1.05
    data = None


class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 3.0
    std = 5.0
    min_val = 0.05
    data = None


class Program_weight_tensor_meta_L_se_:
    name = "L_se_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 4.461546153846154
    std = 7.497333253755619
    data = [1.0, 0.5, 2.0, 2.0, 2.0, 2.5, 3.0, 4.0, 1.0001, 6.0, 2.0, float("inf"), float("inf"), float("inf"), 30.0, 2.0]


class Program_weight_tensor_meta_L_qe_:
    name = "L_qe_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 71428569.95357142
    std = 257539377.22794783
    data = [1.0, 1.0, 0.0, -3.0, -2.5, -2.5, -19.5, 0.25, 1.0, 1000000000.0, float("inf"), 0.5, 1.0, 2.0, 0.1, float("nan")]
