class Program_weight_tensor_meta_L_q_:
    name = "L_q_"
    shape = [2, 5, 3, 8]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_f_:
    name = "L_f_"
    shape = [5, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
