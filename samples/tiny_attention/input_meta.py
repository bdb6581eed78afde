class Program_input_tensor_meta_L_input_ids_:
    name = "L_input_ids_"
    shape = [2, 16]
    dtype = "torch.int64"
    device = "cpu"
    mean = None
    std = None
    data = None
    min_val = 0
    max_val = 99
