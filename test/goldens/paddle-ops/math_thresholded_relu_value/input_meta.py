class Program_weight_tensor_x:
    name = "x"
    shape = [3, 8]
    dtype = "float32"
    min_val = float("-6")
    max_val = float("6")
    mean = float("0.0")
    std = float("2.5")
    data = None
