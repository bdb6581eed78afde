import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        m = paddle._C_ops.less_than(x, paddle._C_ops.full([], float('0'), paddle.float32, paddle.core.CPUPlace()))
        i = paddle._C_ops.nonzero(m)
        return i
