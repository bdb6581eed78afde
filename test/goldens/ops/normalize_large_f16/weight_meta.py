class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float16"
    device = "cpu"
    mean = 52.65625
    std = 244.4956843145447
    data = [300.0, -400.0, 500.0, 20.0, 0.5, -1.5, 2.0, 0.25]
