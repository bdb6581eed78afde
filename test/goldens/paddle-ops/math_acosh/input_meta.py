class Program_weight_tensor_x:
    name = "x"
    shape = [10]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 1.0001, 1.01, 1.5, 2, 10, 1000.0, 9999, 10001, 1000000.0]
