import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        v, i = paddle._C_ops.kthvalue(x, 3, 1, False)
        w, j = paddle._C_ops.kthvalue(x, 2, 0, True)
        return v, i, w, j
