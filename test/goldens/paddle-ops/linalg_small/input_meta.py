class Program_weight_tensor_a:
    name = "a"
    shape = [2, 3, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2.5, 0.3, -0.2, 0.1, 1.8, 0.4, -0.3, 0.2, 2.2, 1.9, -0.5, 0.1, 0.2, 2.4, 0.3, 0.0, -0.1, 1.7]


class Program_weight_tensor_b:
    name = "b"
    shape = [2, 3, 2]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
