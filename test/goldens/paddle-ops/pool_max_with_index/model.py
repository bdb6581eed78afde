import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        o, m = paddle._C_ops.max_pool2d_with_index(x, [2, 2], [2, 2], [0, 0], False, False, False)
        p, n = paddle._C_ops.max_pool2d_with_index(x, [3, 3], [2, 2], [1, 1], False, False, True)
        return o, m, p, n
