class Program_weight_tensor_x:
    name = "x"
    shape = [2, 3, 12, 10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_b:
    name = "b"
    shape = [5, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2, 3, 15, 18, -4, -3, 8, 30, 5, 5, 5.5, 6, 0, 0, 19.5, 23.5, 10, 12, 6, 8]


class Program_weight_tensor_n:
    name = "n"
    shape = [2]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2, 3]
