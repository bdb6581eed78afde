class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = -1.8000000000295557e-06
    std = 0.6324555320470839
    data = [-1.0, -1e-05, 0.0, 1e-06, 1.0]
