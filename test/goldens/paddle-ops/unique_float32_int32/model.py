import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        o, i, v, c = paddle._C_ops.unique(x, True, True, True, [], paddle.int32, True)
        return o, i, v, c
