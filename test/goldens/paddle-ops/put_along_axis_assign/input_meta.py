class Program_weight_tensor_x:
    name = "x"
    shape = [3, 5]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_i:
    name = "i"
    shape = [3, 4]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [4, 0, 2, 1, 1, 3, 0, 2, 0, 4, 3, 1]


class Program_weight_tensor_v:
    name = "v"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
