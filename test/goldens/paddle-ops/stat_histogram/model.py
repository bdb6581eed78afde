import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, i):
        a = paddle._C_ops.histogram(x, None, 6, 0.0, 0.0, False)
        b = paddle._C_ops.histogram(x, w, 5, -1.0, 1.5, False)
        c = paddle._C_ops.histogram(x, None, 4, -1.0, 1.0, True)
        d = paddle._C_ops.histogram(x, w, 3, 0.0, 0.0, True)
        e = paddle._C_ops.histogram(i, None, 3, 2.0, 2.0, False)
        return a, b, c, d, e
