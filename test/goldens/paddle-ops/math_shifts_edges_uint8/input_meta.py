class Program_weight_tensor_x:
    name = "x"
    shape = [8]
    dtype = "uint8"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [200, 100, 7, 1, 255, 0, 3, 129]


class Program_weight_tensor_k:
    name = "k"
    shape = [8]
    dtype = "uint8"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0, 1, 7, 8, 9, 3, 9, 65]
