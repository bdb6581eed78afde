class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.5602650000000001
    std = 4.034736804855842
    data = [-7.0, -3.14159, -0.5, 0.0, 1.0, 6.28]
