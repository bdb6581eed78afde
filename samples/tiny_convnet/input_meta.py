class Program_input_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 3, 32, 32]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.5
    std = 0.289
    data = None


