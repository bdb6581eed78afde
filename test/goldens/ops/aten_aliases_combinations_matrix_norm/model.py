import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_a_: torch.Tensor, L_v_: torch.Tensor, L_img_: torch.Tensor, L_grid_: torch.Tensor, L_theta_: torch.Tensor):
        x = L_x_
        a = L_a_
        v = L_v_
        img = L_img_
        grid = L_grid_
        theta = L_theta_
        return (torch.combinations(x), torch.combinations(x, 3), torch.combinations(x[:3], 2, with_replacement=True), torch.linalg.matrix_norm(a), torch.linalg.matrix_norm(a, 1), torch.linalg.matrix_norm(a, float('-inf'), keepdim=True), torch.linalg.matrix_norm(a, -1, dim=(0, 2)), torch.norm_except_dim(v, 2, 0), torch.norm_except_dim(v, 2, 1), torch.norm_except_dim(v, 3, -1), torch.slice_copy(a, 1, 1, 3), torch.grid_sampler(img, grid, 0, 0, False), torch.grid_sampler_2d(img, grid, 1, 1, True), torch.affine_grid_generator(theta, [1, 2, 3, 4], False))
