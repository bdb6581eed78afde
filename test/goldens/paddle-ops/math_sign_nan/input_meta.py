class Program_weight_tensor_a:
    name = "a"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, -1, 0, 2, -3, 0, 5, 7]


class Program_weight_tensor_b:
    name = "b"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 0, 0, 1, 2, 5, 1e-30, 3]
