class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 20.0
    data = None


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [5]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.55
    std = 1.705872210923198
    data = [1.5, -2.0, 0.75, -0.5, 3.0]
