class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.5444444444444443
    std = 7.847449849205949
    data = [-10.0, -1.5, -0.1, 0.0, 0.5, 1.0, 3.0, 10.0, 20.0]
