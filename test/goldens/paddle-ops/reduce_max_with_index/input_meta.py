class Program_weight_tensor_x:
    name = "x"
    shape = [3, 5]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [0.0, 3.5, 7.0, 3.0, 6.5, 2.5, 6.0, 2.0, 5.5, 1.5, 5.0, 1.0, 4.5, 0.5, 4.0]
