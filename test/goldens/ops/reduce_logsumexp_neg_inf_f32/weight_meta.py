class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5833333333333334
    std = 1.4837078178970713
    data = [0.5, float("-inf"), 1.0, -2.0, float("-inf"), 3.0, 0.0, 1.0]
