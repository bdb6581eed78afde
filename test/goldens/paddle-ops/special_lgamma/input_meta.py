class Program_weight_tensor_x:
    name = "x"
    shape = [15]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-20.5, -3.7, -2.5, -1.25, -0.5, 0.1, 0.49, 0.5, 0.51, 1, 1.5, 2, 7, 30, 171.3]
