class Program_weight_tensor_x:
    name = "x"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 0.3, -7.7]
