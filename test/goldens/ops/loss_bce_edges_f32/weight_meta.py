class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.375
    std = 0.414578098794425
    data = [0.0, 1.0, 0.5, 1e-30]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.75
    std = 0.4330127018922193
    data = [0.0, 1.0, 1.0, 1.0]
