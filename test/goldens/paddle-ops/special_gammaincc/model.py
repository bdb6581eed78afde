import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, a, x, ae, xe):
        a1 = paddle._C_ops.gammaincc(a, x)
        b1 = paddle._C_ops.gammaincc(ae, xe)
        c1 = paddle._C_ops.gammaincc(paddle._C_ops.cast(ae, paddle.float64), paddle._C_ops.cast(xe, paddle.float64))
        d1 = 1 - paddle._C_ops.gammaincc(x, a)
        return a1, b1, c1, d1
