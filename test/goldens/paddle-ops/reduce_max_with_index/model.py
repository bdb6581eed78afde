import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a, i = paddle._C_ops.max_with_index(x, 1, False, False)
        b, j = paddle._C_ops.min_with_index(x, 0, True, False)
        return a, i, b, j
