class Program_weight_tensor_x:
    name = "x"
    shape = [4]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-8, 5, -1, 1000]


class Program_weight_tensor_k:
    name = "k"
    shape = [4]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 2, 60, 3]
