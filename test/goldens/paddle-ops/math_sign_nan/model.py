import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        q = paddle._C_ops.divide(a, b)
        y = paddle._C_ops.sign(q)
        return y
