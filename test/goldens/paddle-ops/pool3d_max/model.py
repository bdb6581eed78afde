import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.pool3d(x, [2, 2, 2], [2, 2, 2], [0, 0, 0], False, True, 'NCDHW', 'max', False, False, 'EXPLICIT')
        return y
