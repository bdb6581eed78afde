class Program_weight_tensor_x:
    name = "x"
    shape = [5, 1]
    dtype = "float32"
    min_val = float("0.05")
    max_val = float("0.95")
    mean = float("0.5")
    std = float("0.2")
    data = None


class Program_weight_tensor_y:
    name = "y"
    shape = [5, 1]
    dtype = "float32"
    min_val = float("0")
    max_val = float("1")
    mean = float("0.5")
    std = float("0.4")
    data = None
