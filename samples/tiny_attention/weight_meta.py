class Program_weight_tensor_meta_L_self_modules_embed_parameters_weight_:
    name = "L_self_modules_embed_parameters_weight_"
    shape = [100, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_self_modules_norm_parameters_weight_:
    name = "L_self_modules_norm_parameters_weight_"
    shape = [32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 0.05
    data = None


class Program_weight_tensor_meta_L_self_modules_norm_parameters_bias_:
    name = "L_self_modules_norm_parameters_bias_"
    shape = [32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.05
    data = None


class Program_weight_tensor_meta_L_self_modules_qkv_parameters_weight_:
    name = "L_self_modules_qkv_parameters_weight_"
    shape = [96, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.15
    data = None


class Program_weight_tensor_meta_L_self_modules_out_parameters_weight_:
    name = "L_self_modules_out_parameters_weight_"
    shape = [32, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.15
    data = None


