class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.142857142857143e+37
    std = 7.726181304565692e+37
    data = [-30.0, -26.7, -26.0, -5.0, -1.0, -0.0, 0.0, 0.5, 1.99, 2.01, 5.0, 30.0, 10000000000.0, 3e+38, float("inf"), float("-inf")]
