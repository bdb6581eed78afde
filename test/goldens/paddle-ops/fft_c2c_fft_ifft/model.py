import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        f = paddle._C_ops.fft_r2c(x, [0, 1], 'backward', True, False)
        g = paddle._C_ops.fft_c2c(f, [1], 'ortho', True)
        h = paddle._C_ops.fft_c2c(g, [0, 1], 'backward', False)
        a = paddle._C_ops.real(h)
        b = paddle._C_ops.imag(h)
        return a, b
