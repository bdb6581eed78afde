class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.3333333333333333
    std = 0.9428090415820634
    data = [2, 0, 2]


class Program_weight_tensor_meta_L_j_:
    name = "L_j_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.3333333333333333
    std = 1.247219128924647
    data = [1, 3, 0]


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
