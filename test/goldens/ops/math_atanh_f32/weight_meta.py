class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [10]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.059089099999999985
    std = 0.6769775323238505
    data = [-0.999, -0.9, -0.5, -1e-05, 0.0, 1e-06, 0.3, 0.7, 0.99, 0.9999]
