class Program_weight_tensor_x:
    name = "x"
    shape = [13]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-80, -20, -3, -1, -0.3, 0, 1e-06, 0.2, 1, 4, 15, 60, 88]
