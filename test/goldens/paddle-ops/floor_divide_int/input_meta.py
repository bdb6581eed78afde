class Program_weight_tensor_a:
    name = "a"
    shape = [6]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [7, -7, 7, -7, 0, 9]


class Program_weight_tensor_b:
    name = "b"
    shape = [6]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2, 2, -2, -2, 3, 4]
