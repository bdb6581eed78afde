import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, s, b):
        y, _, _ = (lambda x, f: f(x))(paddle._C_ops.group_norm(x, s, b, 1e-05, 3, 'NHWC'), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        return y
