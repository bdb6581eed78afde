import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.diag_embed(x, 0, -2, -1)
        z = paddle._C_ops.diag_embed(x, 1, 0, 2)
        return y, z
