import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.matrix_power(x, 5)
        z = paddle._C_ops.matrix_power(x, 0)
        w = paddle._C_ops.matrix_power(x, 1)
        return y, z, w
