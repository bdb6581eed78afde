class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [8]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 86.875
    std = 94.43706568397813
    data = [200, 100, 7, 1, 255, 0, 3, 129]


class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [8]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 12.75
    std = 20.029665498954294
    data = [0, 1, 7, 8, 9, 3, 9, 65]
