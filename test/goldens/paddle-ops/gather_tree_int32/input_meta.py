class Program_weight_tensor_ids:
    name = "ids"
    shape = [4, 1, 4]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 5, 5, 7, 4, 3, 0, 0, 0, 0, 2, 2, 7, 0, 5, 0]


class Program_weight_tensor_parents:
    name = "parents"
    shape = [4, 1, 4]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [1, 1, 0, 1, 0, 2, 2, 0, 0, 2, 0, 0, 0, 3, 2, 2]
