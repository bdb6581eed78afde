class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 3e+38, -3e+38, 2, 1, inf, 0, 5, -1e-30, 1e-30, 1e+30, 1e+30]


class Program_weight_tensor_w:
    name = "w"
    shape = [2, 400]
    dtype = "float32"
    min_val = float("0.9")
    max_val = float("1.1")
    mean = float("1.0")
    std = float("0.02")
    data = None
