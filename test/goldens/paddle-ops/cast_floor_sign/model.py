import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.cast(x, paddle.int32)
        b = paddle._C_ops.floor(x)
        c = paddle.cast(x, 'bool')
        return a, b, c
