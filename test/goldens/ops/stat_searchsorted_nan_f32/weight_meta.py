class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.125
    std = 1.5155444566227676
    data = [-1.0, 0.5, 2.0, 3.0]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.8333333333333334
    std = 2.4608038433722332
    data = [float("nan"), 0.5, 4.0, -2.0, float("nan")]
