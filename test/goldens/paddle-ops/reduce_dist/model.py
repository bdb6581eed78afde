import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a = paddle._C_ops.dist(x, y, 2.0)
        b = paddle._C_ops.dist(x, y, 0.0)
        c = paddle._C_ops.dist(x, y, float('inf'))
        d = paddle._C_ops.dist(x, y, float('-inf'))
        e = paddle._C_ops.dist(x, y, 3.0)
        return a, b, c, d, e
