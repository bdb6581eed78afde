import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        o, m = paddle._C_ops.max_pool3d_with_index(x, [2, 2, 2], [2, 2, 2], [0, 0, 0], False, False, False)
        return o, m
