import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        p = paddle._C_ops.full([1], float('0'), paddle.float32, paddle.core.CPUPlace())
        y, _m = (lambda x, f: f(x))(paddle._C_ops.dropout(x, None, p, False, 'upscale_in_train', 0, False), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return y
