class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 10171.25
    std = 22287.057144132632
    data = [50.0, -30.0, 1000.0, -0.0, 7.5, 60000.0]
