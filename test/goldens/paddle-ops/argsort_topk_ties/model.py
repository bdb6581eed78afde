import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a, ai = (lambda x, f: f(x))(paddle._C_ops.argsort(x, -1, False, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        b, bi = (lambda x, f: f(x))(paddle._C_ops.argsort(x, -1, True, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        c, ci = (lambda x, f: f(x))(paddle._C_ops.argsort(x, -1, True, True), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        k = paddle._C_ops.full([1], float('40'), paddle.int32, paddle.core.CPUPlace())
        d, di = (lambda x, f: f(x))(paddle._C_ops.topk(x, k, -1, True, True), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        one = paddle._C_ops.full([1], float('1'), paddle.int32, paddle.core.CPUPlace())
        e, ei = (lambda x, f: f(x))(paddle._C_ops.topk(y, one, -1, True, True), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return a, ai, b, bi, c, ci, d, di, e, ei
