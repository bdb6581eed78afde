class Program_weight_tensor_p:
    name = "p"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 0, 4, 4, 1, 2, 6, 5, 2, 1, 3, 7]


class Program_weight_tensor_v:
    name = "v"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("0.1")
    max_val = float("0.3")
    mean = float("0.2")
    std = float("0.05")
    data = None


class Program_weight_tensor_t:
    name = "t"
    shape = [2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.5, 0.5, 3, 5, 2, 2, 7, 6]
