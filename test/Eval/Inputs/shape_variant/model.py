import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_input_ids_: torch.Tensor, L_self_modules_emb_parameters_weight_: torch.nn.parameter.Parameter, L_self_buffers_position_ids_: torch.Tensor):
        inputs_embeds = torch.nn.functional.embedding(L_input_ids_, L_self_modules_emb_parameters_weight_)
        position_ids = L_self_buffers_position_ids_[(slice(None, None, None), slice(0, 5, None))]
        pos = torch.nn.functional.embedding(position_ids, L_self_modules_emb_parameters_weight_)
        h = inputs_embeds * 1.0
        h += pos
        v = h.view(1, -1, 2, 4)
        e = L_input_ids_.expand(1, 5)
        a = torch.arange(5)
        return (v, e, a)
