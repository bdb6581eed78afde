class Program_weight_tensor_x:
    name = "x"
    shape = [3, 11]
    dtype = "float32"
    min_val = float("0.05")
    max_val = float("0.95")
    mean = float("0.5")
    std = float("1.0")
    data = None
