class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.0
    std = 10.0
    data = None


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [4, 6]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.375
    std = 0.4841229182759271
    data = [0, 1, 1, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0]
