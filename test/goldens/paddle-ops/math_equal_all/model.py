import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        a = paddle._C_ops.equal_all(x, y)
        b = paddle._C_ops.equal_all(x, z)
        return a, b
