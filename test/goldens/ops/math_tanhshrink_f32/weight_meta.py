class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.2333333333333334
    std = 12.08047092533142
    data = [-20.0, -3.0, -1.0, -0.2, 0.0, 0.3, 1.0, 4.0, 30.0]
