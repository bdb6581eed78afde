class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_self_modules_fc_parameters_weight_:
    name = "L_self_modules_fc_parameters_weight_"
    shape = [4, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_self_modules_fc_parameters_bias_:
    name = "L_self_modules_fc_parameters_bias_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_ln_parameters_weight_:
    name = "L_self_modules_ln_parameters_weight_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_bn_buffers_running_mean_:
    name = "L_self_modules_bn_buffers_running_mean_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_idx_:
    name = "L_idx_"
    shape = [3]
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = None
    data = [1, 2, 3]
