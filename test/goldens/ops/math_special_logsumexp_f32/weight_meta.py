class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.0
    std = 1.2909944487358056
    data = [1.0, float("inf"), 3.0, -1.0, float("-inf"), float("-inf"), float("-inf"), float("-inf"), 1.0, float("nan"), 2.0, 0.0]
