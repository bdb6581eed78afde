class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [1, 2, 3, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = -0.0625
    std = 0.6485159340113908
    data = [-1.0, -0.375, -0.125, 0.125, 0.625, -0.625, -0.875, 0.875, 1.0, 0.0, -0.25, 0.5, 0.25, -0.75, -1.125, -0.5, 0.75, 0.375]
