import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.selu(x, 1.0507009873554805, 1.6732632423543772)
        return y
