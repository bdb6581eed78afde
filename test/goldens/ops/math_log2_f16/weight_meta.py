class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [10]
    dtype = "torch.float16"
    device = "cpu"
    mean = 111.6850001
    std = 297.552966717966
    data = [1e-06, 0.1, 0.5, 0.75, 1.0, 1.5, 3.0, 10.0, 100.0, 1000.0]
