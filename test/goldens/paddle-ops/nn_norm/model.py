import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y, n = paddle._C_ops.norm(x, 1, float('1e-10'), False)
        z, m = paddle._C_ops.norm(x, -1, float('1e-10'), True)
        return y, n, z, m
