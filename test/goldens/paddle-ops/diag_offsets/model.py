import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.diag(x, 0, float('0'))
        b = paddle._C_ops.diag(x, 1, float('-1'))
        c = paddle._C_ops.diag(x, -2, float('0.5'))
        return a, b, c
