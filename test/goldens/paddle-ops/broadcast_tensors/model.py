import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, a, b, c):
        x, y, z = paddle._C_ops.broadcast_tensors([a, b, c])
        return x, y, z
