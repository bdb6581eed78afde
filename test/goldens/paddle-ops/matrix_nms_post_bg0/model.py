import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, b, s):
        o, i, n = paddle._C_ops.matrix_nms(b, s, 0.05, -1, 12, 0.3, False, 2.0, 0, False)
        return o, i, n
