class Program_weight_tensor_x:
    name = "x"
    shape = [5, 2, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_h0:
    name = "h0"
    shape = [2, 2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_c0:
    name = "c0"
    shape = [2, 2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_w0:
    name = "w0"
    shape = [16, 3]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w1:
    name = "w1"
    shape = [16, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w2:
    name = "w2"
    shape = [16, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w3:
    name = "w3"
    shape = [16, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b0:
    name = "b0"
    shape = [16]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b1:
    name = "b1"
    shape = [16]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b2:
    name = "b2"
    shape = [16]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b3:
    name = "b3"
    shape = [16]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_ds:
    name = "ds"
    shape = []
    dtype = "uint8"
    min_val = float("0")
    max_val = float("3")
    mean = float("0.0")
    std = float("1.0")
    data = None
