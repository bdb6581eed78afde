class Program_weight_tensor_i:
    name = "i"
    shape = [4]
    dtype = "int64"
    min_val = float("0")
    max_val = float("4")
    mean = float("0.0")
    std = float("1.0")
    data = None
