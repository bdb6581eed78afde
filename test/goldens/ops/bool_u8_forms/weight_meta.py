class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [3, 4]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_u_:
    name = "L_u_"
    shape = [3, 4]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 2.5
    std = 2.5
    min_val = 0
    max_val = 5
    data = None
