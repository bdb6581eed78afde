import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.roll(x, [1, -1], [0, 1])
        b = paddle._C_ops.flip(x, [1])
        c = paddle._C_ops.tril(x, 0)
        return a, b, c
