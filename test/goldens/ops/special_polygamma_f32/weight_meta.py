class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [9]
    dtype = "torch.float32"
    device = "cpu"
    mean = 13.75
    std = 30.804202455004233
    data = [0.05, 0.3, 0.9, 1.0, 2.5, 7.0, 13.5, 100.0, -1.5]
