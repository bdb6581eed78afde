import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        g = paddle._C_ops.meshgrid([x, y])
        (a, b) = g
        return a, b
