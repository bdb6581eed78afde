class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_rm_:
    name = "L_rm_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_rv_:
    name = "L_rv_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.0
    std = 2.5
    min_val = 0.1
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.0
    std = 2.5
    min_val = 0.1
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
