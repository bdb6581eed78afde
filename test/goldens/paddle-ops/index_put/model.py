import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, i, j, v, w):
        a = paddle._C_ops.index_put(x, [i], v, False)
        b = paddle._C_ops.index_put(x, [i], v, True)
        c = paddle._C_ops.index_put(x, [i, j], w, False)
        return a, b, c
