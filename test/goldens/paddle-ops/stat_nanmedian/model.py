import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, i = paddle._C_ops.nanmedian(x, [1], False, 'avg')
        b, j = paddle._C_ops.nanmedian(x, [1], False, 'min')
        c, k = paddle._C_ops.nanmedian(x, [0, 1], True, 'min')
        return a, i, b, j, c, k
