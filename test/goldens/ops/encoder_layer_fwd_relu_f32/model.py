import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_in_: torch.Tensor, L_b_in_: torch.Tensor, L_w_out_: torch.Tensor, L_b_out_: torch.Tensor, L_n1w_: torch.Tensor, L_n1b_: torch.Tensor, L_n2w_: torch.Tensor, L_n2b_: torch.Tensor, L_f1w_: torch.Tensor, L_f1b_: torch.Tensor, L_f2w_: torch.Tensor, L_f2b_: torch.Tensor):
        x = L_x_
        w_in = L_w_in_
        b_in = L_b_in_
        w_out = L_w_out_
        b_out = L_b_out_
        n1w = L_n1w_
        n1b = L_n1b_
        n2w = L_n2w_
        n2b = L_n2b_
        f1w = L_f1w_
        f1b = L_f1b_
        f2w = L_f2w_
        f2b = L_f2b_
        return (torch._transformer_encoder_layer_fwd(x, 8, 2, w_in, b_in, w_out, b_out, False, False, 1e-05, n1w, n1b, n2w, n2b, f1w, f1b, f2w, f2b),)
