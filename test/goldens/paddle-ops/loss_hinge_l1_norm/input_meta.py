class Program_weight_tensor_x:
    name = "x"
    shape = [5, 1]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_y:
    name = "y"
    shape = [5, 1]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 0, 0, 1, 1]


class Program_weight_tensor_z:
    name = "z"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
