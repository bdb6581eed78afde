class Program_weight_tensor_x:
    name = "x"
    shape = [6]
    dtype = "float64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-2.5, 0.3, 1, 4.5, 30, 100000.0]
