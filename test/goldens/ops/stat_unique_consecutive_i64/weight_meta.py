class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [12]
    dtype = "torch.int64"
    device = "cpu"
    mean = 2.0833333333333335
    std = 1.0374916331657278
    data = [1, 1, 2, 2, 2, 3, 1, 1, 4, 4, 2, 2]
