import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        o, r = (lambda x, f: f(x))(paddle._C_ops.huber_loss(x, y, float('1')), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return o
