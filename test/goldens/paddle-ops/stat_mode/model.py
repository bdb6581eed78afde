import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        v, i = paddle._C_ops.mode(x, 1, False)
        w, j = paddle._C_ops.mode(x, 0, True)
        return v, i, w, j
