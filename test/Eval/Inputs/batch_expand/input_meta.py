class Program_weight_tensor_meta_L_input_ids_:
    name = "L_input_ids_"
    shape = [1, 5]
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = None
    data = [3, 1, 4, 1, 5]
