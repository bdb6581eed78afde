class Program_weight_tensor_x:
    name = "x"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1e-06, 0.1, 0.5, 0.75, 1, 1.5, 3, 10, 1000.0, 1000000.0]
