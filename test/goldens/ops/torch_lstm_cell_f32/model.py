import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h_: torch.Tensor, L_c_: torch.Tensor, L_u_: torch.Tensor, L_k_wi_: torch.Tensor, L_k_wh_: torch.Tensor, L_k_bi_: torch.Tensor, L_k_bh_: torch.Tensor):
        x = L_x_
        h = L_h_
        c = L_c_
        u = L_u_
        k_wi = L_k_wi_
        k_wh = L_k_wh_
        k_bi = L_k_bi_
        k_bh = L_k_bh_
        h1, c1 = torch.lstm_cell(x, (h, c), k_wi, k_wh, k_bi, k_bh)
        h2, c2 = torch.lstm_cell(u, (h[:1], c[:1]), k_wi, k_wh)
        return (h1, c1, h2, c2)
