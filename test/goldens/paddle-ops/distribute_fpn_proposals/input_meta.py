class Program_weight_tensor_r:
    name = "r"
    shape = [12, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [312.5, 448.6, 337.8, 759.5, 387.8, 112.6, 669.7, 663.2, 150.1, 436.8, 529.1, 747.2, 40.0, 40.0, 20.0, 30.0, 398.5, 234.0, 409.5, 352.7, 151.5, 139.2, 568.0, 262.8, 127.4, 222.5, 351.6, 228.7, 252.3, 276.7, 751.0, 372.8, 10.0, 10.0, 10.0, 10.0, 311.1, 494.5, 618.9, 1003.4, 107.7, 80.1, 493.0, 526.2, 306.3, 22.0, 364.8, 348.5]


class Program_weight_tensor_n:
    name = "n"
    shape = [2]
    dtype = "int32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = [5, 7]
