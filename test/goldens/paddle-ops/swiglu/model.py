import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a = paddle._C_ops.swiglu(x, y)
        b = paddle._C_ops.swiglu(x, None)
        return a, b
