class Program_weight_tensor_x:
    name = "x"
    shape = [1, 3, 2, 2]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_a:
    name = "a"
    shape = [3]
    dtype = "float32"
    min_val = float("0")
    max_val = float("0.5")
    mean = float("0.2")
    std = float("0.1")
    data = None
