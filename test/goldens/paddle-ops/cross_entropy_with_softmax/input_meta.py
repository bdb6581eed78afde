class Program_weight_tensor_z:
    name = "z"
    shape = [3, 4, 5]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_l:
    name = "l"
    shape = [3, 4, 1]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 4, 2, 1, 3, -100, 0, 2, 4, 1, 1, 3]
