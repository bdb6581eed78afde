import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, f, img):
        b, v = (lambda x, f: f(x))(paddle._C_ops.prior_box(f, img, [float('16'), float('24')], [], [float('1')], [float('0.1'), float('0.1'), float('0.2'), float('0.2')], False, False, float('8'), float('8'), float('0.5'), False), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return b, v
