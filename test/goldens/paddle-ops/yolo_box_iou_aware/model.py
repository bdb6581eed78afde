import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, s):
        b, c = (lambda x, f: f(x))(paddle._C_ops.yolo_box(x, s, [10, 13, 16, 30], 2, float('0.1'), 32, True, float('1'), True, float('0.4')), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return b, c
