class Program_weight_tensor_x:
    name = "x"
    shape = [2, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 3, 4, 5, 6]


class Program_weight_tensor_y:
    name = "y"
    shape = [2, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 3, 4, 5, 6]


class Program_weight_tensor_z:
    name = "z"
    shape = [2, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 3, 4, 5, 7]
