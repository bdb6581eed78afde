import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, b, s):
        o, i, n = paddle._C_ops.matrix_nms(b, s, 0.99, 8, 10, 0.0, False, 2.0, -1, False)
        return o, i, n
