import torch


class GraphModule(torch.nn.Module):
    def forward(
        self,
        L_x_: torch.Tensor,
        L_self_modules_fc1_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_fc1_parameters_bias_: torch.nn.parameter.Parameter,
        L_self_modules_fc2_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_fc2_parameters_bias_: torch.nn.parameter.Parameter,
    ):
        l_x_ = L_x_
        linear = torch._C._nn.linear(
            l_x_, L_self_modules_fc1_parameters_weight_, L_self_modules_fc1_parameters_bias_
        )
        l_x_ = None
        h = torch.nn.functional.gelu(linear, approximate="tanh")
        linear = None
        h_1 = torch.nn.functional.dropout(h, 0.1, False, False)
        logits = torch._C._nn.linear(
            h_1, L_self_modules_fc2_parameters_weight_, L_self_modules_fc2_parameters_bias_
        )
        probs = logits.softmax(dim=-1)
        return (logits, probs)
