class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [5, 2, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 5.0
    data = None


class Program_weight_tensor_meta_L_h0_:
    name = "L_h0_"
    shape = [4, 2, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_c0_:
    name = "L_c0_"
    shape = [4, 2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.0
    data = None


class Program_weight_tensor_meta_L_a_wi_:
    name = "L_a_wi_"
    shape = [12, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_a_wh_:
    name = "L_a_wh_"
    shape = [12, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_a_bi_:
    name = "L_a_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_a_bh_:
    name = "L_a_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_a_wr_:
    name = "L_a_wr_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_b_wi_:
    name = "L_b_wi_"
    shape = [12, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_b_wh_:
    name = "L_b_wh_"
    shape = [12, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_b_bi_:
    name = "L_b_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_b_bh_:
    name = "L_b_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_b_wr_:
    name = "L_b_wr_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_c_wi_:
    name = "L_c_wi_"
    shape = [12, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_c_wh_:
    name = "L_c_wh_"
    shape = [12, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_c_bi_:
    name = "L_c_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_c_bh_:
    name = "L_c_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_c_wr_:
    name = "L_c_wr_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None


class Program_weight_tensor_meta_L_d_wi_:
    name = "L_d_wi_"
    shape = [12, 4]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_d_wh_:
    name = "L_d_wh_"
    shape = [12, 2]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_d_bi_:
    name = "L_d_bi_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_d_bh_:
    name = "L_d_bh_"
    shape = [12]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 0.5
    data = None


class Program_weight_tensor_meta_L_d_wr_:
    name = "L_d_wr_"
    shape = [2, 3]
    dtype = "torch.float32"
    device = "cpu"
    mean = 0.0
    std = 1.5
    data = None
