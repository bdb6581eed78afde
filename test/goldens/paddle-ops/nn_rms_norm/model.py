import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w):
        y, r = paddle._C_ops.rms_norm(x, w, [8], 1e-06)
        return y, r
