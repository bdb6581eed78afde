class Program_weight_tensor_meta_L_w_:
    name = "L_w_"
    shape = [10, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_i_:
    name = "L_i_"
    shape = [9]
    dtype = "torch.int64"
    device = "cpu"
    mean = 3.3333333333333335
    std = 2.494438257849294
    data = [1, 2, 4, 5, 4, 3, 2, 9, 0]


class Program_weight_tensor_meta_L_o_:
    name = "L_o_"
    shape = [4]
    dtype = "torch.int64"
    device = "cpu"
    mean = 3.25
    std = 2.48746859276655
    data = [0, 3, 3, 7]


class Program_weight_tensor_meta_L_p_:
    name = "L_p_"
    shape = [9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.0
    std = 2.5
    min_val = 0.1
    data = None


class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [5]
    dtype = "torch.int64"
    device = "cpu"
    mean = 4.4
    std = 3.2
    data = [0, 3, 3, 7, 9]
