class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.16666666666666666
    std = 0.372677996249965
    data = [0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
