class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [23]
    dtype = "torch.bfloat16"
    device = "cpu"
    mean = -475.02619047619055
    std = 2129.7980547940538
    data = [-9999.7, -20.5, -3.7, -2.5, -1.25, -0.5, 0.1, 0.49, 0.5, 0.51, 1.0, 1.5, 2.0, 6.0, 6.5, 7.0, 30.0, -2.0, -1.0, 0.0, -0.0, float("inf"), float("-inf")]
