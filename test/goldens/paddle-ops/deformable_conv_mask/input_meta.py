class Program_weight_tensor_x:
    name = "x"
    shape = [2, 4, 6, 7]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_o:
    name = "o"
    shape = [2, 18, 6, 7]
    dtype = "float32"
    min_val = float("-3")
    max_val = float("3")
    mean = float("0.0")
    std = float("1.5")
    data = None


class Program_weight_tensor_w:
    name = "w"
    shape = [5, 4, 3, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_m:
    name = "m"
    shape = [2, 9, 6, 7]
    dtype = "float32"
    min_val = float("0")
    max_val = float("1")
    mean = float("0.5")
    std = float("0.3")
    data = None
