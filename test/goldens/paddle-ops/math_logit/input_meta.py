class Program_weight_tensor_x:
    name = "x"
    shape = [8]
    dtype = "float32"
    min_val = float("-0.2")
    max_val = float("1.2")
    mean = float("0.5")
    std = float("0.4")
    data = None
