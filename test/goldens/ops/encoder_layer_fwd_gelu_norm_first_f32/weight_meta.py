class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4, 8]
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


class Program_weight_tensor_meta_L_n1w_:
    name = "L_n1w_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_n1b_:
    name = "L_n1b_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_n2w_:
    name = "L_n2w_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_n2b_:
    name = "L_n2b_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_f1w_:
    name = "L_f1w_"
    shape = [24, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_f1b_:
    name = "L_f1b_"
    shape = [24]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_f2w_:
    name = "L_f2w_"
    shape = [8, 24]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_f2b_:
    name = "L_f2b_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None
