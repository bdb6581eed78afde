class Program_weight_tensor_x:
    name = "x"
    shape = [18]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.5, 0.5, 2.0, 0.5, 2.5, 4.5, 1.0, 3.0, 2.5, 1.5, 2.5, 4.0, 4.5, 3.5, 4.5, 1.5, 1.0, 1.5]
