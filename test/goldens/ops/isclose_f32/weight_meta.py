class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.4000000002
    std = 1.8547236989481748
    data = [1.0, 1.0, float("nan"), float("inf"), float("inf"), 0.0, 1e-09, 5.0]


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.6833501666666664
    std = 1.7892733771143357
    data = [1.000001, 1.1, float("nan"), float("inf"), 3.0, -0.0, 0.0, 5.0001]
