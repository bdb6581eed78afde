import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.softmax(x, 0)
        b = paddle._C_ops.log_softmax(x, -1)
        return a, b
