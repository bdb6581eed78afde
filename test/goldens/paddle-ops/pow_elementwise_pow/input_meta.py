class Program_weight_tensor_x:
    name = "x"
    shape = [2, 5]
    dtype = "float32"
    min_val = float("0.1")
    max_val = float("3")
    mean = float("1")
    std = float("0.5")
    data = None
