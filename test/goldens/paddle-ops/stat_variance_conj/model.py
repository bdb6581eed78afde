import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        v = paddle._C_ops.variance(x, [1], False)
        w = paddle._C_ops.variance(y, [0, 2], True)
        u = paddle._C_ops.variance(x, [], False)
        c = paddle._C_ops.conj(y)
        return v, w, u, c
