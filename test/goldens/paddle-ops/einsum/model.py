import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        z, _c, _s = (lambda x, f: f(x))(paddle._C_ops.einsum([x, y], 'ij,jk->ik'), lambda out: out if isinstance(out, (list, tuple)) else (out, None, None))
        return z
