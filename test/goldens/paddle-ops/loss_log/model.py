import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a = paddle._C_ops.log_loss(x, y, 0.0001)
        return a
