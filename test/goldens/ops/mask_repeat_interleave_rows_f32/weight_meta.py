class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.125
    std = 1.7305466381079322
    data = [-0.25, -0.5, 2.5, 0.5, 2.0, -2.75, 0.25, 2.75, 1.0, -1.0, -1.5, 1.25, -2.0, -2.5, -1.75, 1.5, -0.75, -1.25, 1.75, -2.25, -3.0, 2.25, 0.75, 0.0]


class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
