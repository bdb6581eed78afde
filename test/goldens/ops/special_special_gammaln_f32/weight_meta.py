class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 4.625
    std = 4.734646238104807
    data = [0.3, 1.7, 4.0, 12.5]
