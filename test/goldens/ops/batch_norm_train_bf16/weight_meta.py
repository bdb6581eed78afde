class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4, 4]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.5
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_rm_:
    name = "L_rm_"
    shape = [3]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 2.5
    data = None


class Program_weight_tensor_meta_L_rv_:
    name = "L_rv_"
    shape = [3]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 1.5
    std = 2.5
    min_val = 0.2
    data = None


class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [3]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 1.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [3]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None
