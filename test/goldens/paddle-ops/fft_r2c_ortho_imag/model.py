import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        f = paddle._C_ops.fft_r2c(x, [1], 'ortho', True, True)
        a = paddle._C_ops.imag(f)
        g = paddle._C_ops.fft_r2c(x, [0, 1], 'forward', True, True)
        b = paddle._C_ops.real(g)
        c = paddle._C_ops.imag(g)
        return a, b, c
