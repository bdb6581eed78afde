class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [13]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.7045461538461539
    std = 2.88510488187315
    data = [-3.0, -0.6, -0.5, -0.49, -0.001, 0.0, 0.0001, 0.25, 0.49, 0.5, 0.51, 2.0, 10.0]
