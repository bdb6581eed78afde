import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.bilinear_interp(x, None, None, None, 'NCHW', -1, 9, 12, [], 'bilinear', False, 1)
        b = paddle._C_ops.bilinear_interp(x, None, None, None, 'NCHW', -1, 3, 4, [], 'bilinear', False, 1)
        c = paddle._C_ops.bilinear_interp(x, None, None, None, 'NCHW', -1, -1, -1, [2.0, 1.5], 'bilinear', False, 1)
        return a, b, c
