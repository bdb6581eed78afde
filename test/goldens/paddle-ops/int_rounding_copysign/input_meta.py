class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "int32"
    min_val = float("-5")
    max_val = float("5")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_y:
    name = "y"
    shape = [3, 4]
    dtype = "int64"
    min_val = float("-5")
    max_val = float("5")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_u:
    name = "u"
    shape = [5]
    dtype = "uint8"
    min_val = float("0")
    max_val = float("9")
    mean = float("0.0")
    std = float("1.0")
    data = None
