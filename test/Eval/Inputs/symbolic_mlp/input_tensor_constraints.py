from sympy import Symbol

S0 = Symbol("S0")
S1 = Symbol("S1")

dynamic_dim_constraint_symbols = [S0, S1]

dynamic_dim_constraint_symbol2example_value = {S0: 2, S1: 5}

dynamic_dim_constraint_relations = []

dynamic_dim_constraint_input_shapes = [
    ([S0, S1, 16], "L_x_"),
    ([32, 16], "L_self_modules_fc1_parameters_weight_"),
    ([32], "L_self_modules_fc1_parameters_bias_"),
    ([8, 32], "L_self_modules_fc2_parameters_weight_"),
    ([8], "L_self_modules_fc2_parameters_bias_"),
]
