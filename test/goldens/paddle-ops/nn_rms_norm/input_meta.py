class Program_weight_tensor_x:
    name = "x"
    shape = [2, 3, 8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_w:
    name = "w"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("1")
    std = float("0.2")
    data = None
