import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.lp_pool2d(x, [2, 2], [2, 2], [0, 0], False, True, 'NCHW', 'LP', False, False, 'EXPLICIT', 2.0)
        b = paddle._C_ops.lp_pool2d(x, [3, 3], [2, 2], [1, 1], True, True, 'NCHW', 'LP', False, False, 'EXPLICIT', 3.0)
        c = paddle._C_ops.lp_pool2d(x, [2, 2], [2, 2], [0, 0], True, True, 'NCHW', 'LP', False, False, 'EXPLICIT', 1.5)
        d = paddle._C_ops.lp_pool2d(x, [3, 3], [1, 1], [0, 0], False, True, 'NCHW', 'LP', False, False, 'SAME', 2.0)
        return a, b, c, d
