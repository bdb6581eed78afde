import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        v = paddle._C_ops.full([1], float('0.5'), paddle.float32, paddle.core.CPUPlace())
        y = paddle._C_ops.pad(x, [0, 1, 2, 0, 1, 1], v)
        return y
