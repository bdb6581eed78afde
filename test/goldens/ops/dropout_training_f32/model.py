import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        d = torch.nn.functional.dropout(x, 0.5, True)
        c = torch.nn.functional.dropout2d(x.reshape(1, 4, 2, 3), 0.3, training=True)
        return (torch.nn.functional.dropout(x, 1.0, True), torch.nn.functional.dropout(x, 0.0, True), ((d == 0) | ((d - 2 * x).abs() < 1e-5)).all(), torch.nn.functional.dropout2d(x.reshape(2, 2, 2, 3), 1.0, True), (c == 0).all(dim=(2, 3)) | (c != 0).all(dim=(2, 3)))
