class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 300]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = 1.0
    std = 0.1
    data = None
