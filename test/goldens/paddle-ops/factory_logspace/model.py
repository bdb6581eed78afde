import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s = paddle._C_ops.full([1], float('-1.5'), paddle.float32, paddle.core.CPUPlace())
        e = paddle._C_ops.full([1], float('2'), paddle.float32, paddle.core.CPUPlace())
        n = paddle._C_ops.full([1], float('7'), paddle.int32, paddle.core.CPUPlace())
        b = paddle._C_ops.full([1], float('3'), paddle.float32, paddle.core.CPUPlace())
        y = paddle._C_ops.logspace(s, e, n, b, paddle.float32, paddle.core.CPUPlace())
        return y
