import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.pool3d(x, [1, 1, 1], [1, 1, 1], [0, 0, 0], False, True, 'NCDHW', 'avg', True, False, 'EXPLICIT')
        return y
