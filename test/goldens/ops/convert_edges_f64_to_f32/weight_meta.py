class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float64"
    device = "cpu"
    mean = 1.6666666666666666e+38
    std = 3.726779962499649e+38
    data = [1.0000000596046448, 1.0000001788139343, 1e-46, 1e+39, 0.1, -2.5]
