import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.hardswish(x)
        b = paddle._C_ops.swish(x)
        c = paddle._C_ops.relu6(x)
        return a, b, c
