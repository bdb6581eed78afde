import torch


class GraphModule(torch.nn.Module):
    def forward(
        self,
        L_input_ids_: torch.Tensor,
        L_self_modules_embed_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_norm_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_norm_parameters_bias_: torch.nn.parameter.Parameter,
        L_self_modules_qkv_parameters_weight_: torch.nn.parameter.Parameter,
        L_self_modules_out_parameters_weight_: torch.nn.parameter.Parameter,
    ):
        l_input_ids_ = L_input_ids_
        h = torch.nn.functional.embedding(l_input_ids_, L_self_modules_embed_parameters_weight_, None, None, 2.0, False, False)
        batch = h.shape[0]
        seq = h.size(1)
        x = torch.nn.functional.layer_norm(h, (32,), L_self_modules_norm_parameters_weight_, L_self_modules_norm_parameters_bias_, 1e-05)
        qkv = torch._C._nn.linear(x, L_self_modules_qkv_parameters_weight_, None)
        q, k, v = qkv.chunk(3, dim=-1)
        q_1 = q.view(batch, seq, 4, 8).transpose(1, 2)
        k_1 = k.view(batch, seq, 4, 8).transpose(1, 2)
        v_1 = v.view(batch, seq, 4, 8).transpose(1, 2)
        attn = torch._C._nn.scaled_dot_product_attention(q_1, k_1, v_1, attn_mask=None, dropout_p=0.0, is_causal=True)
        attn_1 = attn.transpose(1, 2).contiguous().reshape(batch, seq, -1)
        out = torch._C._nn.linear(attn_1, L_self_modules_out_parameters_weight_, None)
        h_1 = h + out
        return (h_1,)
