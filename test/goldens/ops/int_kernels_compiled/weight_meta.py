class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4]
    dtype = "torch.int32"
    device = "cpu"
    mean = 0.0
    std = 4.0
    min_val = -4
    max_val = 4
    data = None


class Program_weight_tensor_meta_L_e_:
    name = "L_e_"
    shape = [3, 4]
    dtype = "torch.int32"
    device = "cpu"
    mean = 3.5
    std = 5.5
    min_val = -2
    max_val = 9
    data = None


class Program_weight_tensor_meta_L_u_:
    name = "L_u_"
    shape = [3, 4]
    dtype = "torch.uint8"
    device = "cpu"
    mean = 100.0
    std = 100.0
    min_val = 0
    max_val = 200
    data = None


class Program_weight_tensor_meta_L_b_:
    name = "L_b_"
    shape = [3, 4]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [3, 2]
    dtype = "torch.int64"
    device = "cpu"
    mean = 1.5
    std = 1.5
    min_val = 0
    max_val = 3
    data = None
