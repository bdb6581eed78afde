class Program_weight_tensor_x:
    name = "x"
    shape = [1, 2, 5, 6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_g:
    name = "g"
    shape = [1, 4, 7, 2]
    dtype = "float32"
    min_val = float("-1.3")
    max_val = float("1.3")
    mean = float("0.0")
    std = float("0.8")
    data = None
