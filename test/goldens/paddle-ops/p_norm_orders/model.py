import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.p_norm(x, float('1'), -1, float('1e-12'), False, False)
        b = paddle._C_ops.p_norm(x, float('3'), 1, float('1e-12'), True, False)
        c = paddle._C_ops.p_norm(x, float('inf'), 0, float('1e-12'), False, False)
        d = paddle._C_ops.p_norm(x, float('-inf'), 2, float('1e-12'), False, False)
        e = paddle._C_ops.p_norm(x, float('1'), -1, float('1e-12'), False, True)
        return a, b, c, d, e
