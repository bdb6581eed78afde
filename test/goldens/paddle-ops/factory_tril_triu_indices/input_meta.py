class Program_weight_tensor_x:
    name = "x"
    shape = [1]
    dtype = "int64"
    min_val = float("0")
    max_val = float("0")
    mean = float("0.0")
    std = float("1.0")
    data = None
