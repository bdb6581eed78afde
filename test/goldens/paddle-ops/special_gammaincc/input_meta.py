class Program_weight_tensor_a:
    name = "a"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("0.05")
    max_val = float("8.0")
    mean = float("3.0")
    std = float("2.0")
    data = None


class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("0.01")
    max_val = float("12.0")
    mean = float("3.0")
    std = float("3.0")
    data = None


class Program_weight_tensor_ae:
    name = "ae"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.0, -1.0, 1.0, 0.5, 25.0, 150.0, 0.001, 3.0, 60.0, 1.0]


class Program_weight_tensor_xe:
    name = "xe"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.0, 1.0, 0.0, 1e-05, 24.0, 160.0, 0.8, 1.05, 55.0, 50.0]
