import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.bilinear_interp(x, None, None, None, 'NCHW', -1, 5, 7, [], 'bilinear', True, 0)
        return y
