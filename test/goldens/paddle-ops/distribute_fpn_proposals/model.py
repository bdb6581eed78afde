import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, r, n):
        a, b, c = (lambda x, f: f(x))(paddle._C_ops.distribute_fpn_proposals(r, n, 2, 5, 4, 224, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        a0, a1, a2, a3 = a
        b0, b1, b2, b3 = b
        return a0, a1, a2, a3, b0, b1, b2, b3, c
