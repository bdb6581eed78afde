import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, r, n):
        a, b, c = (lambda x, f: f(x))(paddle._C_ops.distribute_fpn_proposals(r, n, 3, 4, 4, 300, True), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        a0, a1 = a
        b0, b1 = b
        return a0, a1, b0, b1, c
