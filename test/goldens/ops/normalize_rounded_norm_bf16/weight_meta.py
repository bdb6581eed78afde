class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = -0.16666666166687114
    std = 24494.897441723562
    data = [0.0, 60000.0, -60000.0, 6e-08, 1.0, -1.0, 0.5, -2.5, 0.0, 0.0, 0.0, 0.0]
