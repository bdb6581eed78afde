import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        m = paddle._C_ops.sum(x, [], None, False)
        s = paddle._C_ops.full([1], float('0.5'), paddle.float32, paddle.core.CPUPlace())
        y = paddle._C_ops.scale(m, s, float('1'), True)
        return y
