class Program_weight_tensor_x:
    name = "x"
    shape = [7]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.05, 0.3, 1.0, 2.5, 7.0, 13.5, 100.0]
