class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.5
    std = 2.29128784747792
    data = [-1.0, 0.0, 2.0, 5.0]
