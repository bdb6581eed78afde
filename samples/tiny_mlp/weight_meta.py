class Program_weight_tensor_meta_L_self_modules_fc1_parameters_weight_:
    name = "L_self_modules_fc1_parameters_weight_"
    shape = [64, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_fc1_parameters_bias_:
    name = "L_self_modules_fc1_parameters_bias_"
    shape = [64]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.05
    data = None


class Program_weight_tensor_meta_L_self_modules_fc2_parameters_weight_:
    name = "L_self_modules_fc2_parameters_weight_"
    shape = [10, 64]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_fc2_parameters_bias_:
    name = "L_self_modules_fc2_parameters_bias_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.05
    data = None


