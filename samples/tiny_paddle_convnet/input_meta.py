class Program_weight_tensor_data_0:
    name = "data_0"
    shape = [2, 3, 16, 16]
    dtype = "float32"
    min_val = float("-2.5")
    max_val = float("2.5")
    mean = float("0")
    std = float("1")
    data = None
