class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [2, 5]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 3.0
    std = 5.0
    min_val = 0.05
    data = None


class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 5]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 3.0
    std = 7.5
    min_val = 0.01
    data = None
