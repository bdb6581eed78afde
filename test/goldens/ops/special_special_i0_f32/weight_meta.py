class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 1.5999999999999999
    std = 3.9858081572833717
    data = [-2.5, 0.3, 7.0]
