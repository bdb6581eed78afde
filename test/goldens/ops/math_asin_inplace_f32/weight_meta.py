class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.32999999999999996
    std = 0.5617828762075255
    data = [-0.5, 0.0, 0.25, 0.9, 1.0]
