import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, v):
        z = paddle._C_ops.mv(x, v)
        return z
