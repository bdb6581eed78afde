import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, h):
        a = paddle._C_ops.conv2d_transpose(x, w, [2, 2], [0, 0], [], [], 'SAME', 1, [1, 1], 'NCHW')
        b = paddle._C_ops.conv2d_transpose(x, w, [2, 2], [0, 1, 1, 0], [], [], 'EXPLICIT', 1, [1, 1], 'NCHW')
        c = paddle._C_ops.conv2d_transpose(x, w, [1, 2], [0, 0], [], [], 'VALID', 1, [1, 1], 'NCHW')
        d = paddle._C_ops.conv2d_transpose(h, w, [2, 2], [1, 1], [], [], 'EXPLICIT', 1, [1, 1], 'NHWC')
        return a, b, c, d
