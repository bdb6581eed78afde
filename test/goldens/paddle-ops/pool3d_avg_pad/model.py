import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.pool3d(x, [3, 3, 3], [1, 2, 2], [1, 1, 1], False, True, 'NCDHW', 'avg', False, False, 'EXPLICIT')
        return y
