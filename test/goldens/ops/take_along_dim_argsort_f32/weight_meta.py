class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3, 6]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.125
    std = 1.2970318680227817
    data = [-2.0, -0.75, -0.25, 0.25, 1.25, -1.25, -1.75, 1.75, 2.0, 0.0, -0.5, 1.0, 0.5, -1.5, -2.25, -1.0, 1.5, 0.75]
