import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.full_batch_size_like(x, [2, 1, 4], paddle.float32, float('1.5'), 0, 1, paddle.core.CPUPlace())
        return y
