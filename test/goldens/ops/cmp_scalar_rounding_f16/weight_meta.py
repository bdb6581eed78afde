class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.35625000000000007
    std = 0.3376735664810025
    data = [0.1, 0.2, 0.3, 0.7, 1.1, 0.05, 0.15, 0.25]
