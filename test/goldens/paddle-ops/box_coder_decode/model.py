import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, p, v, t):
        y = paddle._C_ops.box_coder(p, v, t, 'decode_center_size', True, 0, [])
        z = paddle._C_ops.box_coder(p, None, t, 'decode_center_size', False, 0, [0.1, 0.1, 0.2, 0.2])
        w = paddle._C_ops.box_coder(p, None, t, 'decode_center_size', True, 0, [])
        return y, z, w
