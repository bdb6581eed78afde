class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [15]
    dtype = "torch.float16"
    device = "cpu"
    mean = 3.5807692307692305
    std = 35.64724921128362
    data = [-80.0, -20.0, -3.75, -3.7, -1.0, 0.0, 0.5, 2.0, 3.74, 3.76, 10.0, 50.0, 85.0, float("inf"), float("-inf")]
