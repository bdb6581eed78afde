class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.8125
    std = 1.0588171466310885
    data = [1e-40, -1e-40, 1e-09, -1e-09, 1.0, 2.0, 0.5, 3.0]
