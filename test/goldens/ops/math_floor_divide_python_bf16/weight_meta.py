class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [11]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 1.52
    std = 2.584879107424562
    data = [1.0, 0.3, -1.0, 7.5, 2.0, 0.7, -0.3, 5.0, float("inf"), -1.0, 1.0]


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [11]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 0.13333333333333336
    std = 0.9533566430716728
    data = [0.1, 0.1, 0.1, -2.0, 0.2, 0.1, 0.1, 0.5, 2.0, float("inf"), float("-inf")]
