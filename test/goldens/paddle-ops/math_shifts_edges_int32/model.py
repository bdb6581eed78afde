import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, k):
        a = paddle._C_ops.bitwise_left_shift(x, k, True)
        b = paddle._C_ops.bitwise_right_shift(x, k, True)
        c = paddle._C_ops.bitwise_right_shift(x, k, False)
        d = paddle._C_ops.bitwise_left_shift(x, k, False)
        return a, b, c, d
