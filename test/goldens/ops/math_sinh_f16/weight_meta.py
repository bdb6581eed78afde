class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.13332508333333334
    std = 1.5707453930074864
    data = [-3.0, -1.01, -0.99, -0.3, -0.0001, 0.0, 1e-06, 0.2, 0.5, 1.0, 1.2, 4.0]
