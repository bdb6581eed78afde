import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, m):
        y = paddle._C_ops.masked_select(x, m)
        return y
