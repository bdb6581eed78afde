import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, w, b):
        y = paddle._C_ops.instance_norm(x, w, b, 1e-05)
        return y
