class Program_weight_tensor_x:
    name = "x"
    shape = [4, 8, 48, 48]
    dtype = "float32"
    min_val = float("-10")
    max_val = float("20")
    mean = float("3")
    std = float("10")
    data = None


class Program_weight_tensor_m:
    name = "m"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("0.1")
    data = None


class Program_weight_tensor_v:
    name = "v"
    shape = [8]
    dtype = "float32"
    min_val = float("0.5")
    max_val = float("1.5")
    mean = float("1")
    std = float("0.2")
    data = None


class Program_weight_tensor_s:
    name = "s"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("1")
    std = float("0.1")
    data = None


class Program_weight_tensor_b:
    name = "b"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("0.1")
    data = None
