class Program_weight_tensor_x:
    name = "x"
    shape = [2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, -1000000000.0, 3, -100, 1, 2, -70, -63]


class Program_weight_tensor_l:
    name = "l"
    shape = [2, 1]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2]
