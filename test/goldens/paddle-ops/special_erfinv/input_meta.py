class Program_weight_tensor_x:
    name = "x"
    shape = [8]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-0.999999, -0.9, -0.5, 0, 1e-07, 0.2, 0.8, 0.9999]
