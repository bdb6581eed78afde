import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y, _m = (lambda x, f: f(x))(paddle._C_ops.dropout(x, None, float('0.3'), True, 'downgrade_in_infer', 0, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return y
