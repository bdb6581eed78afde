class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.1
    std = 1.3564659966250536
    data = [1.0, float("nan"), 2.0, 0.5, -1.0, 3.0]
