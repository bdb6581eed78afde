class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.3333333333333335
    std = 1.49071198499986
    data = [1.0, 5.0, 2.0, 4.0, 3.0, 3.0, float("nan"), 0.0, 1.0, 2.0, float("nan"), float("nan"), float("nan"), float("nan"), float("nan")]
