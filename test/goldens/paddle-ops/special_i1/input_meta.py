class Program_weight_tensor_x:
    name = "x"
    shape = [11]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-80, -20, -3.76, -1, -1e-05, 0, 0.5, 3.74, 10, 50, 85]
