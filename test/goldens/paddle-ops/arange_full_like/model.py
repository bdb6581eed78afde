import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s = paddle._C_ops.full([1], float('0'), paddle.float32, paddle.core.CPUPlace())
        e = paddle._C_ops.full([1], float('5'), paddle.float32, paddle.core.CPUPlace())
        d = paddle._C_ops.full([1], float('1.5'), paddle.float32, paddle.core.CPUPlace())
        a = paddle.arange(s, e, d, dtype='float32')
        b = paddle._C_ops.full_like(x, float('3'), paddle.int64, paddle.core.CPUPlace())
        return a, b
