import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        p, q, r = paddle._C_ops.unstack(x, 1, 3)
        return p, q, r
