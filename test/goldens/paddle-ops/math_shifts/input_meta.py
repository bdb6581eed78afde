class Program_weight_tensor_x:
    name = "x"
    shape = [6]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-8, 5, -1, 100, -300, 7]


class Program_weight_tensor_k:
    name = "k"
    shape = [6]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 3, 0, 4, 5]
