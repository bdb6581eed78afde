import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, ids, parents):
        y = paddle._C_ops.gather_tree(ids, parents)
        return y
