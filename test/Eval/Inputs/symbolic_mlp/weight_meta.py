class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 5, 16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_self_modules_fc1_parameters_weight_:
    name = "L_self_modules_fc1_parameters_weight_"
    shape = [32, 16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.25
    data = None


class Program_weight_tensor_meta_L_self_modules_fc1_parameters_bias_:
    name = "L_self_modules_fc1_parameters_bias_"
    shape = [32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None


class Program_weight_tensor_meta_L_self_modules_fc2_parameters_weight_:
    name = "L_self_modules_fc2_parameters_weight_"
    shape = [8, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.2
    data = None


class Program_weight_tensor_meta_L_self_modules_fc2_parameters_bias_:
    name = "L_self_modules_fc2_parameters_bias_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.1
    data = None
