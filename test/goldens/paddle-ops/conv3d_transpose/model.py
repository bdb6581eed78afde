import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):
        y = paddle._C_ops.conv3d_transpose(x, w, [2, 1, 2], [0, 1, 1], [], [], 'EXPLICIT', 1, [1, 1, 1], 'NCDHW')
        return y
