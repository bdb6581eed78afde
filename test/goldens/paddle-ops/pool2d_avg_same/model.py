import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.pool2d(x, [3, 3], [2, 2], [0, 0], False, True, 'NCHW', 'avg', False, False, 'SAME')
        b = paddle._C_ops.pool2d(x, [3, 2], [2, 2], [0, 0], False, True, 'NCHW', 'avg', False, False, 'SAME')
        c = paddle._C_ops.pool2d(x, [2, 2], [2, 2], [0, 0], False, True, 'NCHW', 'max', False, False, 'SAME')
        return a, b, c
