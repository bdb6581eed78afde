import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.concat([x, paddle._C_ops.divide(x, paddle._C_ops.subtract(x, x))], 0)
        a = paddle._C_ops.cast(y, paddle.int64)
        b = paddle._C_ops.cast(y, paddle.int32)
        c = paddle._C_ops.cast(y, paddle.int16)
        d = paddle._C_ops.cast(y, paddle.int8)
        e = paddle._C_ops.cast(y, paddle.uint8)
        return a, b, c, d, e
