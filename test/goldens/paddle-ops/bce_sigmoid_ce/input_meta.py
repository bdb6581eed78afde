class Program_weight_tensor_p:
    name = "p"
    shape = [2, 4]
    dtype = "float32"
    min_val = float("0.05")
    max_val = float("0.95")
    mean = float("0.5")
    std = float("0.2")
    data = None


class Program_weight_tensor_l:
    name = "l"
    shape = [2, 4]
    dtype = "float32"
    min_val = float("0")
    max_val = float("1")
    mean = float("0.5")
    std = float("0.3")
    data = None


class Program_weight_tensor_z:
    name = "z"
    shape = [2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None
