import paddle


class GraphModule(paddle.nn.Layer):
    def __init__(self):
        super().__init__()

    def forward(
        self,
        parameter_0,
        parameter_1,
        parameter_2,
        parameter_3,
        parameter_4,
        parameter_5,
        parameter_6,
        parameter_7,
        parameter_8,
        data_0,
    ):
        # pd_op.conv2d: (2x8x16x16xf32) <- (2x3x16x16xf32, 8x3x3x3xf32)
        conv2d_0 = paddle._C_ops.conv2d(
            data_0, parameter_0, [1, 1], [1, 1], "EXPLICIT", [1, 1], 1, "NCHW"
        )

        # pd_op.batch_norm_: (2x8x16x16xf32, 8xf32, 8xf32, 8xf32, 8xf32, -1xui8) <- (2x8x16x16xf32, 8xf32, 8xf32, 8xf32, 8xf32)
        (
            batch_norm__0,
            batch_norm__1,
            batch_norm__2,
            batch_norm__3,
            batch_norm__4,
            batch_norm__5,
        ) = (lambda x, f: f(x))(
            paddle._C_ops.batch_norm(
                conv2d_0,
                parameter_1,
                parameter_2,
                parameter_3,
                parameter_4,
                True,
                float("0.9"),
                float("1e-05"),
                "NCHW",
                False,
                False,
            ),
            lambda out: out
            if isinstance(out, (list, tuple))
            else (out, None, None, None, None, None),
        )
        del conv2d_0

        # pd_op.relu: (2x8x16x16xf32) <- (2x8x16x16xf32)
        relu_0 = paddle._C_ops.relu(batch_norm__0)
        del batch_norm__0

        # pd_op.full_int_array: (2xi64) <- ()
        full_int_array_0 = [2, 2]

        # pd_op.pool2d: (2x8x8x8xf32) <- (2x8x16x16xf32, 2xi64)
        pool2d_0 = paddle._C_ops.pool2d(
            relu_0,
            full_int_array_0,
            [2, 2],
            [0, 0],
            False,
            True,
            "NCHW",
            "max",
            False,
            False,
            "EXPLICIT",
        )
        del relu_0

        # pd_op.depthwise_conv2d: (2x8x8x8xf32) <- (2x8x8x8xf32, 8x1x3x3xf32)
        depthwise_conv2d_0 = paddle._C_ops.depthwise_conv2d(
            pool2d_0, parameter_5, [1, 1], [1, 1], "EXPLICIT", 8, [1, 1], "NCHW"
        )

        # pd_op.hardswish: (2x8x8x8xf32) <- (2x8x8x8xf32)
        hardswish_0 = paddle._C_ops.hardswish(depthwise_conv2d_0)
        del depthwise_conv2d_0

        # pd_op.add: (2x8x8x8xf32) <- (2x8x8x8xf32, 2x8x8x8xf32)
        add_0 = paddle._C_ops.add(hardswish_0, pool2d_0)
        del hardswish_0, pool2d_0

        # pd_op.full_int_array: (2xi64) <- ()
        full_int_array_1 = [1, 1]

        # pd_op.pool2d: (2x8x1x1xf32) <- (2x8x8x8xf32, 2xi64)
        pool2d_1 = paddle._C_ops.pool2d(
            add_0,
            full_int_array_1,
            [1, 1],
            [0, 0],
            False,
            True,
            "NCHW",
            "avg",
            False,
            True,
            "EXPLICIT",
        )
        del add_0

        # pd_op.shape64: (4xi64) <- (2x8x1x1xf32)
        shape64_0 = paddle._C_ops.shape64(pool2d_1)

        # pd_op.full_int_array: (1xi64) <- ()
        full_int_array_2 = [0]

        # pd_op.full_int_array: (1xi64) <- ()
        full_int_array_3 = [1]

        # pd_op.slice: (xi64) <- (4xi64, 1xi64, 1xi64)
        slice_0 = paddle._C_ops.slice(
            shape64_0, [0], full_int_array_2, full_int_array_3, [1], [0]
        )
        del shape64_0

        # pd_op.full: (xi64) <- ()
        full_0 = paddle._C_ops.full(
            [], float("-1"), paddle.int64, paddle.core.CPUPlace()
        )

        # builtin.combine: ([xi64, xi64]) <- (xi64, xi64)
        combine_0 = [slice_0, full_0]
        del slice_0, full_0

        # pd_op.stack: (2xi64) <- ([xi64, xi64])
        stack_0 = paddle._C_ops.stack(combine_0, 0)
        del combine_0

        # pd_op.reshape: (2x8xf32) <- (2x8x1x1xf32, 2xi64)
        reshape_0 = paddle._C_ops.reshape(pool2d_1, stack_0)
        del pool2d_1, stack_0

        # pd_op.dropout: (2x8xf32, None) <- (2x8xf32, None, 1xf32)
        dropout_0, dropout_1 = (lambda x, f: f(x))(
            paddle._C_ops.dropout(
                reshape_0, None, float("0.2"), True, "upscale_in_train", 0, False
            ),
            lambda out: out if isinstance(out, (list, tuple)) else (out, None),
        )
        del reshape_0

        # pd_op.matmul: (2x10xf32) <- (2x8xf32, 8x10xf32)
        matmul_0 = paddle._C_ops.matmul(dropout_0, parameter_6, False, False)
        del dropout_0

        # pd_op.add: (2x10xf32) <- (2x10xf32, 10xf32)
        add_1 = paddle._C_ops.add(matmul_0, parameter_7)
        del matmul_0

        # pd_op.full: (1xf32) <- ()
        full_1 = paddle._C_ops.full(
            [1], float("0.5"), paddle.float32, paddle.core.CPUPlace()
        )

        # pd_op.scale: (2x10xf32) <- (2x10xf32, 1xf32)
        scale_0 = paddle._C_ops.scale(add_1, full_1, float("0"), True)
        del add_1, full_1

        # pd_op.layer_norm: (2x10xf32, 2xf32, 2xf32) <- (2x10xf32, 10xf32, None)
        layer_norm_0, layer_norm_1, layer_norm_2 = (lambda x, f: f(x))(
            paddle._C_ops.layer_norm(scale_0, parameter_8, None, float("1e-05"), 1),
            lambda out: out if isinstance(out, (list, tuple)) else (out, None, None),
        )
        del scale_0

        # pd_op.softmax: (2x10xf32) <- (2x10xf32)
        softmax_0 = paddle._C_ops.softmax(layer_norm_0, -1)
        del layer_norm_0

        return softmax_0
