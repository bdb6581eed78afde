# Made by hand, not by make_paddle_op_goldens.py: PaddlePaddle 3.3.1 dygraph aborts on
# _C_ops.argmax with 5 arguments (the PIR form samples would write); expected/ is
# paddle.argmax / paddle.argmin on the same data (NaN skipped; all NaN -> 0).
import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        a = paddle._C_ops.argmax(x, -1, False, False, paddle.int64)
        b = paddle._C_ops.argmin(x, -1, False, False, paddle.int64)
        return a, b
