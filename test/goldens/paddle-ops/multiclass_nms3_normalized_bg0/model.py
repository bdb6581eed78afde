import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, b, s):
        o, i, n = paddle._C_ops.multiclass_nms3(b, s, None, 0.1, -1, -1, 0.3, True, 1.0, 0)
        return o, i, n
