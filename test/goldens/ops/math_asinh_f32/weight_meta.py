class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [16]
    dtype = "torch.float32"
    device = "cpu"
    mean = 563746.7937494374
    std = 2448418.2755545336
    data = [-1000000.0, -20000.0, -100.0, -3.0, -0.5, -1e-05, 0.0, 1e-06, 0.2, 1.0, 2.0, 50.0, 9999.0, 10000.0, 20000.0, 10000000.0]
