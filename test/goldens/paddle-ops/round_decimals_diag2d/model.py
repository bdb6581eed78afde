import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.round(x, 2)
        b = paddle._C_ops.round(x, 0)
        c = paddle._C_ops.round(x, -1)
        d = paddle._C_ops.diag(x, 1, float('0'))
        e = paddle._C_ops.diag(x, -1, float('0'))
        return a, b, c, d, e
