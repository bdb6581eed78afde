import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):
        z = paddle._C_ops.full([], float('0'), paddle.float32, paddle.core.CPUPlace())
        k = paddle._C_ops.greater_than(x, z)
        a = paddle._C_ops.index_put(x, [k], w, False)
        return a
