class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [14]
    dtype = "torch.float32"
    device = "cpu"
    mean = 4.5642786428571425
    std = 35.960765372630185
    data = [-80.0, -20.0, -3.0, -1.0, -0.3, -0.0001, 0.0, 1e-06, 0.2, 1.0, 4.0, 15.0, 60.0, 88.0]
