class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [2, 4]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = -3.75e+37
    std = 9.921567416492217e+37
    data = [1e+20, -1e+20, 300.0, 2.0, 0.5, -3e+38, 1.0, 1.0]
