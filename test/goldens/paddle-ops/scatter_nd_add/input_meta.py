class Program_weight_tensor_x:
    name = "x"
    shape = [4, 3, 2]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_i:
    name = "i"
    shape = [5, 2]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 0, 0, 1, 2, 3, 1, 2, 0]


class Program_weight_tensor_u:
    name = "u"
    shape = [5, 2]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
