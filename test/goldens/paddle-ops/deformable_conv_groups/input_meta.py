class Program_weight_tensor_x:
    name = "x"
    shape = [1, 4, 5, 5]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_o:
    name = "o"
    shape = [1, 8, 6, 5]
    dtype = "float32"
    min_val = float("-3")
    max_val = float("3")
    mean = float("0.0")
    std = float("1.5")
    data = None


class Program_weight_tensor_w:
    name = "w"
    shape = [6, 2, 2, 1]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_m:
    name = "m"
    shape = [1, 4, 6, 5]
    dtype = "float32"
    min_val = float("0")
    max_val = float("1")
    mean = float("0.5")
    std = float("0.3")
    data = None
