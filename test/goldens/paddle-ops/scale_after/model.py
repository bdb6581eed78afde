import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s = paddle._C_ops.full([1], float('2.5'), paddle.float32, paddle.core.CPUPlace())
        y = paddle._C_ops.scale(x, s, float('0.5'), True)
        return y
