import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_rm_: torch.Tensor, L_rv_: torch.Tensor, L_g_: torch.Tensor, L_bb_: torch.Tensor):
        x = L_x_
        rm = L_rm_
        rv = L_rv_
        g = L_g_
        bb = L_bb_
        o, s, t = torch.ops.aten._native_batch_norm_legit_no_training.default(x, g, bb, rm, rv, 0.1, 1e-05)
        return (o, torch.ops.aten.upsample_bilinear2d.vec(x, [6, 7], False, None), torch.ops.aten.upsample_bilinear2d.vec(x, None, True, [2.0, 2.0]), torch.ops.aten.upsample_nearest2d.vec(x, [8, 10], None))
