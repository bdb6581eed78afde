import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, u):
        a = paddle._C_ops.floor(x)
        b = paddle._C_ops.ceil(y)
        c = paddle._C_ops.round(x, 1)
        d = paddle._C_ops.copysign(x, paddle._C_ops.cast(y, paddle.int32))
        e = paddle._C_ops.copysign(u, u)
        f = paddle._C_ops.atan2(y, y)
        g = paddle._C_ops.logsumexp(x, [1], False, False)
        return a, b, c, d, e, f, g
