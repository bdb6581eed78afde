class Program_weight_tensor_i:
    name = "i"
    shape = [2, 4]
    dtype = "int64"
    min_val = float("0")
    max_val = float("5")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_w:
    name = "w"
    shape = [6, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
