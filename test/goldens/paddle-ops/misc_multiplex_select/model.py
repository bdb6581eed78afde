import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, c, i):
        m = paddle._C_ops.multiplex([a, b, c], i)
        s = paddle._C_ops.index_select_strided(a, 1, 1)
        t = paddle._C_ops.index_select_strided(b, 3, 0)
        v = paddle._C_ops.view_slice(c, 1, 3)
        return m, s, t, v
