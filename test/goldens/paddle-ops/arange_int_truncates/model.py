import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s = paddle._C_ops.full([1], float('0.5'), paddle.float64, paddle.core.CPUPlace())
        e = paddle._C_ops.full([1], float('2.6'), paddle.float64, paddle.core.CPUPlace())
        d = paddle._C_ops.full([1], float('1'), paddle.float64, paddle.core.CPUPlace())
        y = paddle.arange(s, e, d, dtype='int64')
        return y
