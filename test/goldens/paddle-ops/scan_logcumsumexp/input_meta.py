class Program_weight_tensor_x:
    name = "x"
    shape = [3, 17]
    dtype = "float32"
    min_val = float("-9")
    max_val = float("9")
    mean = float("0.0")
    std = float("4")
    data = None
