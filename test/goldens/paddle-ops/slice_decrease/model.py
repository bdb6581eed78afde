import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.slice(x, [1, 2], [1, -3], [2, 2147483647], [1, 1], [1])
        return y
