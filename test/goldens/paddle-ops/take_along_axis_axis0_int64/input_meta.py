class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "int64"
    min_val = float("-9")
    max_val = float("9")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_i:
    name = "i"
    shape = [2, 4]
    dtype = "int64"
    min_val = float("0")
    max_val = float("2")
    mean = float("0.0")
    std = float("1.0")
    data = None
