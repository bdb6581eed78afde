class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [11]
    dtype = "torch.float32"
    device = "cpu"
    mean = 909183728.7736454
    std = 2874768534.8858447
    data = [1.0, 1.0001, 1.01, 1.5, 2.0, 10.0, 1000.0, 9999.0, 10001.0, 1000000.0, 10000000000.0]
