import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x, y, z):
        c = paddle._C_ops.as_complex(x)
        w = paddle._C_ops.complex(y, z)
        p = c * w
        t = paddle._C_ops.transpose(p, [0, 2, 1])
        r = paddle._C_ops.as_real(t)
        q = paddle._C_ops.reshape(w, [12])
        a = paddle._C_ops.angle(w)
        m = paddle._C_ops.abs(w)
        s = paddle._C_ops.as_real(q)
        return r, a, m, s
