class Program_weight_tensor_meta_L_m_:
    name = "L_m_"
    shape = [5]
    dtype = "torch.bool"
    device = "cpu"
    mean = 0.5
    std = 0.5
    data = None
