class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float64"
    device = "cpu"
    mean = 5.8
    std = 9.684833503989626
    data = [0.2, 1.0, 3.3, 25.0, -0.5]
