import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):
        y = paddle._C_ops.conv2d(x, w, [1, 1], [1, 1], 'EXPLICIT', [1, 1], 1, 'NHWC')
        return y
