class Program_weight_tensor_ids:
    name = "ids"
    shape = [5, 2, 3]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [42, 24, 3, 8, 0, 21, 19, 10, 43, 41, 10, 21, 38, 32, 20, 44, 29, 39, 14, 26, 17, 26, 22, 2, 2, 1, 26, 5, 40, 46]


class Program_weight_tensor_parents:
    name = "parents"
    shape = [5, 2, 3]
    dtype = "int64"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 1, 2, 0, 2, 0, 1, 0, 1, 0, 2, 1, 1, 2, 0, 0, 2, 0, 0, 1, 2, 0, 1, 0, 0, 1, 1, 2, 1, 1]
