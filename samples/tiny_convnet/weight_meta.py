class Program_weight_tensor_meta_L_self_modules_conv1_parameters_weight_:
    name = "L_self_modules_conv1_parameters_weight_"
    shape = [16, 3, 3, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.2
    data = None


class Program_weight_tensor_meta_L_self_modules_bn1_buffers_running_mean_:
    name = "L_self_modules_bn1_buffers_running_mean_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_bn1_buffers_running_var_:
    name = "L_self_modules_bn1_buffers_running_var_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.1
    data = None
    min_val = 0.5


class Program_weight_tensor_meta_L_self_modules_bn1_parameters_weight_:
    name = "L_self_modules_bn1_parameters_weight_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_bn1_parameters_bias_:
    name = "L_self_modules_bn1_parameters_bias_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_conv2_parameters_weight_:
    name = "L_self_modules_conv2_parameters_weight_"
    shape = [16, 1, 3, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.2
    data = None


class Program_weight_tensor_meta_L_self_modules_fc_parameters_weight_:
    name = "L_self_modules_fc_parameters_weight_"
    shape = [10, 16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.2
    data = None


class Program_weight_tensor_meta_L_self_modules_fc_parameters_bias_:
    name = "L_self_modules_fc_parameters_bias_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


