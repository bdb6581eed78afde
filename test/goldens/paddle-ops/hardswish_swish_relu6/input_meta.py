class Program_weight_tensor_x:
    name = "x"
    shape = [2, 8]
    dtype = "float32"
    min_val = float("-8")
    max_val = float("8")
    mean = float("0.0")
    std = float("4")
    data = None
