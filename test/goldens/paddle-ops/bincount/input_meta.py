class Program_weight_tensor_i:
    name = "i"
    shape = [10]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 3, 3, 0, 7, 1, 1, 2, 0, 3]


class Program_weight_tensor_j:
    name = "j"
    shape = [6]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 2, 2, 1, 0, 2]


class Program_weight_tensor_w:
    name = "w"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_v:
    name = "v"
    shape = [10]
    dtype = "float64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
