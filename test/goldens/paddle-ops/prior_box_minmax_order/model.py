import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, f, img):
        b, v = (lambda x, f: f(x))(paddle._C_ops.prior_box(f, img, [float('8')], [float('16')], [float('2')], [float('0.1'), float('0.1'), float('0.2'), float('0.2')], True, False, float('10'), float('10'), float('0.25'), True), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return b, v
