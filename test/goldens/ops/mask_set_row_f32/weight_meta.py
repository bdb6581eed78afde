class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.125
    std = 4.329525570621644
    data = [-1.0, 1.25, 7.25, -0.5, -4.75, -7.0, 1.0, 7.0, 2.5, -2.0, -6.5, -5.0, 0.0, 2.75, 0.75, 3.25, 4.75, -5.75, -4.0, 0.5, 5.0, -0.25, 3.0, 6.0, -3.0, 6.5, -0.75, -3.75, -6.25, 0.25, -3.5, 5.25, -2.5, 5.5, -5.5, -4.25, -1.25, 1.75, -3.25, 3.75, 4.5, 6.75, 2.0, -7.25, -4.5, 4.0, -1.5, -6.0, -1.75, 1.5, -2.25, -2.75, -5.25, 2.25, 6.25, -6.75, -7.5, 5.75, 4.25, 3.5]


class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [3, 4]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_r_:
    name = "L_r_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None
