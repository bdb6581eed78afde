class Program_weight_tensor_x:
    name = "x"
    shape = [2, 3, 2, 2]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_t:
    name = "t"
    shape = [2, 2, 2]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 1, 2, 1, 2, 2, 0, 0]
