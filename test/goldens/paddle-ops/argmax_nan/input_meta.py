class Program_weight_tensor_data_0:
    name = "x"
    shape = [4, 3]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("3")
    data = [float("1"), float("nan"), float("3"), float("nan"), float("1"), float("3"), float("nan"), float("nan"), float("nan"), float("3"), float("nan"), float("1")]
