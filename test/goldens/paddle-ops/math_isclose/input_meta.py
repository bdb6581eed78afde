class Program_weight_tensor_a:
    name = "a"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.0, 1.0, nan, inf, 0.0, 5.0]


class Program_weight_tensor_b:
    name = "b"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.000001, 1.1, nan, inf, -0.0, 5.0001]
