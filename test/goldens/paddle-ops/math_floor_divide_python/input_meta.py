class Program_weight_tensor_a:
    name = "a"
    shape = [11]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.0, 0.3, -1.0, 7.5, 2.0, 0.7, -0.3, 5.0, inf, -1.0, 1.0]


class Program_weight_tensor_b:
    name = "b"
    shape = [11]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.1, 0.1, 0.1, -2.0, 0.2, 0.1, 0.1, 0.5, 2.0, inf, -inf]
