import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.pool2d(x, [2, 2], [1, 1], [0, 1, 1, 0], False, False, 'NCHW', 'avg', False, False, 'EXPLICIT')
        b = paddle._C_ops.pool2d(x, [3, 3], [2, 2], [1, 0, 2, 1], False, False, 'NCHW', 'avg', False, False, 'EXPLICIT')
        c = paddle._C_ops.pool2d(x, [3, 3], [2, 2], [0, 0], False, False, 'NCHW', 'avg', False, False, 'SAME')
        d = paddle._C_ops.pool2d(x, [2, 2], [2, 2], [0, 1, 1, 0], True, False, 'NCHW', 'avg', False, False, 'EXPLICIT')
        return a, b, c, d
