class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3333333333333333
    std = 1.699673171197595
    data = [-2.5, -0.5, 0.0, 0.5, 1.5, 3.0]
