import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, i = paddle._C_ops.median(x, 1, False, 'avg')
        b, j = paddle._C_ops.median(x, 0, True, 'min')
        c, k = paddle._C_ops.median(x, 1, True, 'avg')
        d, l = paddle._C_ops.median(x, 0, False, 'avg')
        return a, i, b, j, c, k, d, l
