class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.1666666666666667
    std = 1.9507833184532708
    data = [0.0, 1.0, 2.0, -1.0, 0.0, 5.0]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [2, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 2.375
    std = 2.7698149757700423
    data = [0.5, 2.0, 0.0, 7.0]
