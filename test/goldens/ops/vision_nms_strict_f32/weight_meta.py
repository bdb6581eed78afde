class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [8, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 9.50625
    std = 9.9386221850667
    data = [0.0, 0.0, 4.0, 4.0, 1.0, 1.0, 5.0, 5.0, 0.5, 0.5, 4.5, 4.5, 10.0, 10.0, 14.0, 14.0, 11.0, 11.0, 15.0, 15.0, 20.0, 0.0, 22.0, 2.0, 0.0, 0.0, 4.0, 4.2, 30.0, 30.0, 31.0, 31.0]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.625
    std = 0.2872281323269014
    data = [0.9, 0.8, 0.95, 0.5, 0.6, 0.3, 0.85, 0.1]
