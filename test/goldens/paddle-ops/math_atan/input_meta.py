class Program_weight_tensor_x:
    name = "x"
    shape = [12]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-10000.0, -20, -2, -1, -0.3, -1e-06, 0, 0.5, 1, 3, 50, 1000000.0]
