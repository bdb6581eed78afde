class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.725
    std = 2.6230945469044764
    data = [-3.0, -1.0, -0.5, -0.0001, 0.0, 0.0001, 0.5, 1.5, 2.25, 7.5]
