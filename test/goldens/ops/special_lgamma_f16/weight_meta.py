class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [21]
    dtype = "torch.float16"
    device = "cpu"
    mean = 9.760526315789475
    std = 39.03026025422411
    data = [-20.5, -3.7, -2.5, -1.25, -0.5, 0.1, 0.49, 0.5, 0.51, 1.0, 1.5, 2.0, 2.5, 7.0, 30.0, 171.3, -2.0, -1.0, 0.0, float("inf"), float("-inf")]
