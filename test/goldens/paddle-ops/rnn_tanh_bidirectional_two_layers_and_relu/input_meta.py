class Program_weight_tensor_x:
    name = "x"
    shape = [3, 2, 3]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_h0:
    name = "h0"
    shape = [4, 2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_g0:
    name = "g0"
    shape = [1, 2, 4]
    dtype = "float32"
    min_val = float("-2.0")
    max_val = float("2.0")
    mean = float("0.0")
    std = float("1.0")
    data = None


class Program_weight_tensor_w0:
    name = "w0"
    shape = [4, 3]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w1:
    name = "w1"
    shape = [4, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w2:
    name = "w2"
    shape = [4, 3]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w3:
    name = "w3"
    shape = [4, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w4:
    name = "w4"
    shape = [4, 8]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w5:
    name = "w5"
    shape = [4, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w6:
    name = "w6"
    shape = [4, 8]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_w7:
    name = "w7"
    shape = [4, 4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b0:
    name = "b0"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b1:
    name = "b1"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b2:
    name = "b2"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b3:
    name = "b3"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b4:
    name = "b4"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b5:
    name = "b5"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b6:
    name = "b6"
    shape = [4]
    dtype = "float32"
    min_val = float("-1")
    max_val = float("1")
    mean = float("0.0")
    std = float("0.5")
    data = None


class Program_weight_tensor_b7:
    name = "b7"
    shape = [4]
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
