import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.unsqueeze(x, [0, -1])
        b = paddle._C_ops.squeeze(a, [])
        c = paddle._C_ops.flatten(a, 1, 3)
        return a, b, c
