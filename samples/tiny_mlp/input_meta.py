class Program_input_tensor_meta_L_x_:
    name = "L_x_"
    shape = [4, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


