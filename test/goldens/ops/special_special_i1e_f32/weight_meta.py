class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [13]
    dtype = "torch.float32"
    device = "cpu"
    mean = 90084.49909081818
    std = 287755.2021152971
    data = [-10000.0, -80.0, -3.76, -1.0, -1e-06, 0.0, 0.5, 3.75, 10.0, 1000.0, 1000000.0, float("inf"), float("-inf")]
