class Program_weight_tensor_x:
    name = "x"
    shape = [14]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-1000000.0, -20000.0, -100, -3, -0.5, -1e-05, 0, 1e-06, 0.2, 1, 50, 9999, 20000.0, 10000000.0]
