import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y):
        a, i = paddle._C_ops.kthvalue(x, 7, 1, False)
        b, j = paddle._C_ops.kthvalue(x, 40, 1, False)
        c, l = paddle._C_ops.kthvalue(x, 2, 0, True)
        d, m = paddle._C_ops.kthvalue(y, 2, 1, False)
        return a, i, b, j, c, l, d, m
