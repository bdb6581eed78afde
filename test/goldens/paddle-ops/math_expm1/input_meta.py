class Program_weight_tensor_x:
    name = "x"
    shape = [14]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-20, -3, -0.5, -0.49, -0.001, -1e-07, 0, 1e-07, 0.0001, 0.49, 0.51, 2, 10, 80]
