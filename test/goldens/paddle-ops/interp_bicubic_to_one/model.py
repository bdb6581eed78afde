import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.bicubic_interp(x, None, None, None, 'NCHW', -1, 4, 1, [], 'bicubic', False, 0)
        return y
