import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.full([1], float('-1'), paddle.float32, paddle.core.CPUPlace())
        b = paddle._C_ops.full([1], float('1'), paddle.float32, paddle.core.CPUPlace())
        n = paddle._C_ops.full([1], float('7'), paddle.int32, paddle.core.CPUPlace())
        y = paddle._C_ops.linspace(a, b, n, paddle.float32, paddle.framework._current_expected_place())
        return y
