class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float16"
    device = "cpu"
    mean = -7461.9375
    std = 20477.566738441943
    data = [10000.0, -10000.0, 300.0, 2.0, 0.5, -60000.0, 1.0, 1.0]
