import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, t, w):
        a, b = paddle._C_ops.nll_loss(x, t, w, -100, 'mean')
        c, d = paddle._C_ops.nll_loss(x, t, None, -100, 'sum')
        e, f = paddle._C_ops.nll_loss(x, t, w, -100, 'none')
        return a, b, c, d, e
