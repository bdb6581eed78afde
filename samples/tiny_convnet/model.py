import torch
from torch import device


class GraphModule(torch.nn.Module):
    def forward(
        self,
        L_x_: torch.Tensor,
        L_self_modules_conv1_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_bn1_buffers_running_mean_: torch.Tensor,
        L_self_modules_bn1_buffers_running_var_: torch.Tensor,
        L_self_modules_bn1_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_bn1_parameters_bias_: torch.nn.parameter.Parameter,
        L_self_modules_conv2_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_fc_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_fc_parameters_bias_: torch.nn.parameter.Parameter,
    ):
        l_x_ = L_x_
        x = torch.conv2d(
            l_x_, L_self_modules_conv1_parameters_weight_, None, (2, 2), (1, 1), (1, 1), 1
        )
        x_1 = torch.nn.functional.batch_norm(
            x,
            L_self_modules_bn1_buffers_running_mean_,
            L_self_modules_bn1_buffers_running_var_,
            L_self_modules_bn1_parameters_weight_,
            L_self_modules_bn1_parameters_bias_,
            False,
            0.1,
            1e-05,
        )
        x_2 = torch.nn.functional.relu(x_1, inplace=True)
        x_3 = torch.nn.functional.max_pool2d(x_2, 3, 2, 1, 1, ceil_mode=False, return_indices=False)
        y = torch.conv2d(x_3, L_self_modules_conv2_parameters_weight_, None, (1, 1), (1, 1), (1, 1), 16)
        y_1 = torch.nn.functional.hardswish(y)
        x_4 = x_3 + y_1
        pooled = torch.nn.functional.adaptive_avg_pool2d(x_4, (1, 1))
        flat = torch.flatten(pooled, 1)
        out = torch._C._nn.linear(flat, L_self_modules_fc_parameters_weight_, L_self_modules_fc_parameters_bias_)
        return (out,)
