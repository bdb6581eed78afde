class Program_weight_tensor_meta_L_s_:
    name = "L_s_"
    shape = [6]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.3333333333333333
    std = 1.51840559652405
    data = [-2.0, -0.5, 0.0, 0.5, 1.0, 3.0]


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [2, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.37
    std = 1.908428673018722
    data = [-3.0, -0.5, 0.2, 0.5, 4.0, 1.0, 1.0, -2.0, 2.5, 0.0]
