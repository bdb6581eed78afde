class Program_weight_tensor_x:
    name = "x"
    shape = [3, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1.2345, -2.5551, 0.5, 1.5, 2.5, -0.5, 3.14159, -7.777, 0.125, 0.375, 10.05, -0.005]
