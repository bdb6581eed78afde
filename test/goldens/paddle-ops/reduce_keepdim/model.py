import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.sum(x, [1], None, True)
        b = paddle._C_ops.mean(x, [-1], True)
        c = paddle._C_ops.min(x, [0, 2], False)
        d = paddle._C_ops.prod(x, [2], False, False)
        return a, b, c, d
