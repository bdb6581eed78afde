class Program_weight_tensor_x:
    name = "x"
    shape = [5]
    dtype = "int64"
    min_val = float("-9")
    max_val = float("9")
    mean = float("0.0")
    std = float("1.0")
    data = None
