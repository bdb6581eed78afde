import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        s = paddle._C_ops.full([1], float('0.5'), paddle.float32, paddle.core.CPUPlace())
        e = paddle._C_ops.full([1], float('3'), paddle.float32, paddle.core.CPUPlace())
        d = paddle._C_ops.full([1], float('0.5'), paddle.float32, paddle.core.CPUPlace())
        y = paddle._C_ops.range_v2(s, e, d, paddle.float32, paddle.core.CPUPlace())
        i = paddle._C_ops.full([1], float('5'), paddle.int64, paddle.core.CPUPlace())
        j = paddle._C_ops.full([1], float('2'), paddle.int64, paddle.core.CPUPlace())
        k = paddle._C_ops.full([1], float('0'), paddle.int64, paddle.core.CPUPlace())
        z = paddle._C_ops.range_v2(k, i, j, paddle.int64, paddle.core.CPUPlace())
        return y, z
