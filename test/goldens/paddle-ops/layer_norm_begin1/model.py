import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, s, b):
        y, _m, _v = (lambda x, f: f(x))(paddle._C_ops.layer_norm(x, s, b, float('1e-05'), 1), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        return y
