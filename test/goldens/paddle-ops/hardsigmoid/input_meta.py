class Program_weight_tensor_x:
    name = "x"
    shape = [2, 8]
    dtype = "float32"
    min_val = float("-6")
    max_val = float("6")
    mean = float("0.0")
    std = float("3")
    data = None
