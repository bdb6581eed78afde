class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 90084.16272727273
    std = 287755.3074190464
    data = [-10000.0, -80.0, -3.76, -3.7, -1.0, 0.0, 0.5, 3.75, 10.0, 1000.0, 1000000.0, float("inf")]
