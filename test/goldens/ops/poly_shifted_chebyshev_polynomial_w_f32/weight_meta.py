class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 1.0
    min_val = 0.005
    max_val = 0.995
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5061875
    std = 0.5541540815456925
    data = [0.0, 1.0, 0.5, 0.65, 0.15, 0.9995, 1.25, -0.5]
