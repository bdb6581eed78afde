class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.2142857142857142
    std = 1.6552328894652093
    data = [2.0, float("nan"), -1.0, 2.0, 0.0, float("nan"), -1.0, 2.0, 5.0, 0.0, 0.0, 3.0, float("nan"), 3.0, -0.0, 1.0, 1.0, float("nan")]
