import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, s, b):
        y, _m, _v = (lambda x, f: f(x))(paddle._C_ops.group_norm(x, s, b, float('1e-05'), 2, 'NCHW'), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        return y
