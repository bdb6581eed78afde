class Program_weight_tensor_x:
    name = "x"
    shape = [12]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 1, 2, 2, 2, 3, 1, 1, 4, 4, 2, 2]
