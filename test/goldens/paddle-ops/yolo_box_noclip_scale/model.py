import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, s):
        b, c = (lambda x, f: f(x))(paddle._C_ops.yolo_box(x, s, [10, 13, 16, 30], 2, float('0.2'), 16, False, float('1.05'), False, float('0.5')), lambda out: out if isinstance(out, (list, tuple)) else (out, None))
        return b, c
