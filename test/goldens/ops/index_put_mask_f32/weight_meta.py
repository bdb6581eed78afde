class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [4, 3]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None
