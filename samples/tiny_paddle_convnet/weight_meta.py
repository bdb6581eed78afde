class Program_weight_tensor_parameter_0:
    name = "parameter_0"
    shape = [8, 3, 3, 3]
    dtype = "float32"
    min_val = float("-0.3")
    max_val = float("0.3")
    mean = float("0.0")
    std = float("0.15")
    data = None


class Program_weight_tensor_parameter_1:
    name = "parameter_1"
    shape = [8]
    dtype = "float32"
    min_val = float("-0.1")
    max_val = float("0.1")
    mean = float("0.0")
    std = float("0.05")
    data = None


class Program_weight_tensor_parameter_2:
    name = "parameter_2"
    shape = [8]
    dtype = "float32"
    min_val = float("0.5")
    max_val = float("1.5")
    mean = float("1.0")
    std = float("0.2")
    data = None


class Program_weight_tensor_parameter_3:
    name = "parameter_3"
    shape = [8]
    dtype = "float32"
    min_val = float("0.8")
    max_val = float("1.2")
    mean = float("1.0")
    std = float("0.1")
    data = None


class Program_weight_tensor_parameter_4:
    name = "parameter_4"
    shape = [8]
    dtype = "float32"
    min_val = float("-0.1")
    max_val = float("0.1")
    mean = float("0.0")
    std = float("0.05")
    data = None


class Program_weight_tensor_parameter_5:
    name = "parameter_5"
    shape = [8, 1, 3, 3]
    dtype = "float32"
    min_val = float("-0.4")
    max_val = float("0.4")
    mean = float("0.0")
    std = float("0.2")
    data = None


class Program_weight_tensor_parameter_6:
    name = "parameter_6"
    shape = [8, 10]
    dtype = "float32"
    min_val = float("-0.4")
    max_val = float("0.4")
    mean = float("0.0")
    std = float("0.2")
    data = None


class Program_weight_tensor_parameter_7:
    name = "parameter_7"
    shape = [10]
    dtype = "float32"
    min_val = float("-0.1")
    max_val = float("0.1")
    mean = float("0.0")
    std = float("0.05")
    data = None


class Program_weight_tensor_parameter_8:
    name = "parameter_8"
    shape = [10]
    dtype = "float32"
    min_val = float("0.8")
    max_val = float("1.2")
    mean = float("1.0")
    std = float("0.1")
    data = None
