import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.as_strided(x, [2, 3], [1, 2], 4)
        z = paddle._C_ops.as_strided(x, [3, 2, 2], [4, 1, 2], 0)
        return y, z
