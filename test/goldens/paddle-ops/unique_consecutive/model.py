import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        o, v, c = paddle._C_ops.unique_consecutive(x, True, True, [], paddle.int64)
        return o, v, c
