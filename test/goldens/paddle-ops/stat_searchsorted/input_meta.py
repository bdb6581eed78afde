class Program_weight_tensor_s:
    name = "s"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-2.0, -0.5, 0.0, 0.5, 1.0, 3.0]


class Program_weight_tensor_v:
    name = "v"
    shape = [2, 5]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-3, -0.5, 0.2, 0.5, 4, 1, 1, -2, 2.5, 0]
