class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_a_:
    name = "L_a_"
    shape = [2, 3, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_v_:
    name = "L_v_"
    shape = [4, 3, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_img_:
    name = "L_img_"
    shape = [1, 2, 4, 5]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_grid_:
    name = "L_grid_"
    shape = [1, 3, 3, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 2.5
    data = None


class Program_weight_tensor_meta_L_theta_:
    name = "L_theta_"
    shape = [1, 2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 2.5
    data = None
