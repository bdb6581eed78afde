class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("3")
    data = None


class Program_weight_tensor_l:
    name = "l"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("0")
    max_val = float("1")
    mean = float("0.5")
    std = float("0.4")
    data = None


class Program_weight_tensor_w:
    name = "w"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("0.5")
    max_val = float("3")
    mean = float("1.5")
    std = float("0.5")
    data = None
