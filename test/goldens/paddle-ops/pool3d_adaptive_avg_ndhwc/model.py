import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.pool3d(x, [2, 3, 2], [1, 1, 1], [0, 0, 0], False, True, 'NDHWC', 'avg', False, True, 'EXPLICIT')
        return y
