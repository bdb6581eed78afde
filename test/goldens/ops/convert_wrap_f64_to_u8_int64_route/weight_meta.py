class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float64"
    device = "cpu"
    mean = 275951648771.0
    std = 475490540529.4906
    data = [3000000007.0, 1099511627781.0, -3000000007.0, 4294967303.0]
