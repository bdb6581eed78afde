import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.interp_antialias(x, None, None, None, 'NCHW', -1, 5, 7, [], 'bilinear', False, 0)
        return y
