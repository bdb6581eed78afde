class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.int64"
    device = "cpu"
    mean = 0.0
    std = 5.0
    min_val = -5
    max_val = 5
    data = None


class Program_weight_tensor_meta_L_k_:
    name = "L_k_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0
    std = 1.7320508075688772
    data = [1, 1, 5, 1]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 5.0
    std = 4.0
    min_val = 1
    max_val = 9
    data = None
