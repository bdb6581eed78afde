class Program_weight_tensor_meta_L_self_modules_conv_parameters_weight_:
    name = "L_self_modules_conv_parameters_weight_"
    shape = [3, 3, 3, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.2
    data = None
