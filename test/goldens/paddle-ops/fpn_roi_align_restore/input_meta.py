class Program_weight_tensor_r:
    name = "r"
    shape = [6, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [20.3, 34.9, 45.3, 61.1, 14.5, 23.9, 42.2, 31.6, 2.4, 15.5, 21.1, 26.6, 12.9, 6.0, 30.2, 11.7, 32.7, 15.2, 71.5, 25.4, 39.1, 23.6, 66.6, 37.0]


class Program_weight_tensor_n:
    name = "n"
    shape = [1]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [6]


class Program_weight_tensor_f2:
    name = "f2"
    shape = [1, 4, 16, 20]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_f3:
    name = "f3"
    shape = [1, 4, 8, 10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
