import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, t):
        a, b = paddle._C_ops.nll_loss(x, t, None, -100, 'mean')
        return a, b
