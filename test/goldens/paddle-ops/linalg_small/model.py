import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        i = paddle._C_ops.inverse(a)
        d = paddle._C_ops.det(a)
        s = paddle._C_ops.slogdet(a)
        x = paddle._C_ops.solve(a, b)
        return i, d, s, x
