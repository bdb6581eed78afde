class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 1.0083366666666667
    std = 2.9487857112245752
    data = [0.3, -0.6, 0.00012, 7.5, -1.25, 0.0999]


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    shape = [6]
    dtype = "torch.float16"
    device = "cpu"
    mean = 0.7291666666666666
    std = 2.2131433465146855
    data = [1.5, 2.25, -3.0, 0.125, 4.0, -0.5]
