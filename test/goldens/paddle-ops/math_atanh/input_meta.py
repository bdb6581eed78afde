class Program_weight_tensor_x:
    name = "x"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-0.999, -0.9, -0.5, -1e-05, 0, 1e-06, 0.3, 0.7, 0.99, 0.9999]
