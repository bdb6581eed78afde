class Program_weight_tensor_x:
    name = "x"
    shape = [8]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-128, 100, 7, 1, -1, 0, -3, 5]


class Program_weight_tensor_k:
    name = "k"
    shape = [8]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-1, -70, 0, 1, 63, 64, 65, 3]
