class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.75
    std = 1.479019945774904
    data = [float("-inf"), 4.0, float("inf"), 0.0, float("-inf"), float("-inf"), 1.0, 2.0]
