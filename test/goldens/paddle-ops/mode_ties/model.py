import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, ai = paddle._C_ops.mode(x, -1, False)
        b, bi = paddle._C_ops.mode(x, 0, True)
        return a, ai, b, bi
