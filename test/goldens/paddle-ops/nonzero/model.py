import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        i = paddle._C_ops.nonzero(x)
        m = paddle._C_ops.greater_than(x, paddle._C_ops.full([], float('2'), paddle.float32, paddle.core.CPUPlace()))
        j = paddle._C_ops.nonzero(m)
        v = paddle._C_ops.gather_nd(x, j)
        return i, j, v
