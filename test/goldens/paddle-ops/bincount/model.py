import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, i, j, w, v):
        a = paddle._C_ops.bincount(i, None, 0)
        b = paddle._C_ops.bincount(j, None, 5)
        c = paddle._C_ops.bincount(i, w, 2)
        d = paddle._C_ops.bincount(i, v, 10)
        return a, b, c, d
