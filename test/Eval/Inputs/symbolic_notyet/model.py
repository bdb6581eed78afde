import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_self_modules_conv_parameters_weight_: torch.nn.parameter.Parameter):
        y = torch.conv2d(L_x_, L_self_modules_conv_parameters_weight_, None, (1, 1), (1, 1))
        a = torch.flip(torch.nn.functional.avg_pool2d(y, 2), [3])
        b = torch.conv2d(y, L_self_modules_conv_parameters_weight_[:, :, :, :], None, (2, 2), (1, 1))
        return ((a + b[:, :3]).mean((2, 3)),)
