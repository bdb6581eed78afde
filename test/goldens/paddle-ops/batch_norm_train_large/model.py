import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, m, v, s, b):
        y, _a, _b, _c, _d, _e = (lambda x, f: f(x))(paddle._C_ops.batch_norm(x, m, v, s, b, False, float('0.9'), float('1e-05'), 'NCHW', False, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None, None, None, None))
        return y
