class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1111.4222222222222
    std = 3142.5869409975594
    data = [-1.0, -1e-06, 0.0, 1e-30, 1e-06, 0.3, 1.0, 2.5, 10000.0, float("inf")]
