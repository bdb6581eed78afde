import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, g):
        y = paddle._C_ops.grid_sample(x, g, 'bilinear', 'zeros', False)
        return y
