class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.75
    std = 3.344772040064913
    data = [0, 5, -1, 7]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [3, 4]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0
    max_val = 1
    data = None


class Program_weight_tensor_meta_L_src_:
    name = "L_src_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
