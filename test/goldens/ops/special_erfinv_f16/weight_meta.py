class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [15]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.03732672666666665
    std = 1.003377580712475
    data = [-1.0, -0.999999, -0.99, -0.9, -0.5, 0.0, 0.2, 0.5, 0.8, 0.95, 0.9999, 0.9999999, 1.0, 1.5, -2.0]
