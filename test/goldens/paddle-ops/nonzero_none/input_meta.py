class Program_weight_tensor_x:
    name = "x"
    shape = [2, 5]
    dtype = "float32"
    min_val = float("0.5")
    max_val = float("1.5")
    mean = float("1.0")
    std = float("1.0")
    data = None
