class Program_weight_tensor_x:
    name = "x"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [7, -7, 7.5, -7.5, 1, -1]


class Program_weight_tensor_y:
    name = "y"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2, 2, -2, 2, 3, 3]


class Program_weight_tensor_i:
    name = "i"
    shape = [4]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [7, -7, 9, -9]


class Program_weight_tensor_j:
    name = "j"
    shape = [4]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [2, 2, -4, 4]
