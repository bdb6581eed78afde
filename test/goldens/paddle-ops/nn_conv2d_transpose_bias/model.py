import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, b):
        y = paddle._C_ops.conv2d_transpose_bias(x, w, b, [2, 2], [1, 1], [1, 1], [], 'EXPLICIT', 1, [1, 1], 'NCHW')
        return y
