import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, z, l):
        s, loss = (lambda x, f: f(x))(paddle._C_ops.cross_entropy_with_softmax(z, l, False, True, True, -100, -1), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return s, loss
