import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.sum(x, [], None, False)
        b = paddle._C_ops.mean(x, [], False)
        c = paddle._C_ops.max(x, [], False)
        return a, b, c
