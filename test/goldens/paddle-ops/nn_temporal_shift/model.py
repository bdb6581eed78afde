import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = paddle._C_ops.temporal_shift(x, 3, 0.25, 'NCHW')
        z = paddle._C_ops.temporal_shift(x, 2, 0.125, 'NCHW')
        return y, z
