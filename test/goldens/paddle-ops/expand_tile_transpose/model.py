import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.expand(x, [2, -1, 4])
        b = paddle._C_ops.tile(x, [2, 1, 2])
        c = paddle._C_ops.transpose(a, [2, 0, 1])
        return a, b, c
