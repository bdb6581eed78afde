class Program_weight_tensor_x:
    name = "x"
    shape = [15]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-80, -20, -3, -0.99, -0.3, -0.0001, 0, 1e-06, 0.2, 1, 1.2, 4, 15, 60, 88]
