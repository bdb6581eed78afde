import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, r, q):
        a = paddle._C_ops.repeat_interleave_with_tensor_index(x, r, 0, -1)
        b = paddle._C_ops.repeat_interleave_with_tensor_index(x, q, 1, -1)
        c = paddle._C_ops.repeat_interleave_with_tensor_index(x, r, -2, 6)
        return a, b, c
