class Program_weight_tensor_x:
    name = "x"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-1, 0, 2, 0, -3, 0.5]


class Program_weight_tensor_v:
    name = "v"
    shape = [6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.5, 0.25, 9, 1, 4, 7]
