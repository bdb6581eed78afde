import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.nearest_interp(x, None, None, None, 'NCHW', -1, -1, -1, [float('1.7'), float('1.7')], 'nearest', False, 0)
        return y
