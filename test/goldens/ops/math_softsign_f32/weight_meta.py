class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 9996.77777788889
    std = 31973.219384067805
    data = [-10000.0, -30.0, -2.0, -0.5, 0.0, 1e-06, 0.5, 3.0, 100000.0]
