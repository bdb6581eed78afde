class Program_weight_tensor_x:
    name = "x"
    shape = [3, 6]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 3, 3, 2, 2, 5, 4, 4, 1, 1, 1, 4, 7, 6, 5, 4, 3, 2]
