import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_w_: torch.Tensor, L_i_: torch.Tensor, L_o_: torch.Tensor, L_p_: torch.Tensor, L_q_: torch.Tensor):
        w = L_w_
        i = L_i_
        o = L_o_
        p = L_p_
        q = L_q_
        return (torch.nn.functional.embedding_bag(i, w, o), torch.nn.functional.embedding_bag(i, w, o, mode='sum'), torch.nn.functional.embedding_bag(i, w, o, mode='max'), torch.nn.functional.embedding_bag(i, w, o, mode='sum', per_sample_weights=p), torch.nn.functional.embedding_bag(i, w, q, include_last_offset=True), torch.nn.functional.embedding_bag(i, w, o, padding_idx=4))
