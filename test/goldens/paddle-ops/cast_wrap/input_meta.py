class Program_weight_tensor_x:
    name = "x"
    shape = [16]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [-1.5, 300.0, -129.7, 65537.5, -65537.5, 3000000000.0, -3000000000.0, 1e+20, 2.7, -0.9, 2147483520.0, -2147483648.0, 255.9, 256.0, -9.223372036854776e+18, 0.0]
