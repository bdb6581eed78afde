import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor, L_t_: torch.Tensor):
        a = L_a_
        b = L_b_
        t = L_t_
        return (torch.nn.functional.cosine_embedding_loss(a, b, t), torch.nn.functional.cosine_embedding_loss(a, b, t, margin=0.2, reduction='none'))
