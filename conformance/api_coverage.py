#!/usr/bin/env python3
"""How much of a framework's op API gn's importer registers.

    scripts/torch-env.sh python conformance/api_coverage.py torch [--missing]
    scripts/paddle-env.sh python conformance/api_coverage.py paddle [--missing]

Compares `gn-translate --list-ops FRAMEWORK` (the names the frontend
registers, canonical as the importer looks them up) with the callables the
installed framework exposes where GraphNet's samples call them:
torch, torch.nn.functional, torch.special, torch.linalg, torch.fft and
torch.Tensor's methods; paddle._C_ops. Names that are not ops are left out
by the rules in NOT_OPS (framework state, autograd, distributed,
quantization, sparse and device bookkeeping; Paddle's gradient and
optimizer kernels), and in-place spellings (relu_) count as their
out-of-place op. Prints the covered share per namespace and, with
--missing, the names left.

The share says where gn's op set stands against the API, not how many
samples import: a sample needs only the ops it calls, and an op may be
registered and still refuse some argument forms (then it errors by name).
"""
import argparse
import inspect
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Names that are not tensor ops a model graph computes with.
NOT_OPS = re.compile(
    r"^(is_|set_|get_|use_|are_|enable_|disable_|manual_seed|seed|initial_seed|compile|"
    r"compiled_with|cond|fork|wait|vmap|while_loop|load|save|from_|frombuffer|to_dlpack|"
    r"sym_|autocast|clear_autocast|parse_|import_ir|merge_type|unify_type|typename|"
    r"prepare_multiprocessing|profiler_|classproperty|thread_safe|can_cast|promote_types|"
    r"result_type|broadcast_shapes|choose_qparams|quantize|dequantize|q_|int_repr|fake_|"
    r"fbgemm_|mkldnn_|miopen_|cudnn_|quantized_|sparse_|.*_indices_copy$|.*indices$|"
    r"values_copy|smm|hsmm|dsmm|hspmm|saddmm|sspaddmm|spmm|segment_reduce|"
    r"batch_norm_backward|batch_norm_gather|batch_norm_stats|batch_norm_update|batch_norm_elemt|"
    r"native_|empty_quantized|empty_permuted|fused_moving|embedding_renorm_|resize_as|"
    r"has_torch_function|handle_torch_function|boolean_dispatch|assert_int_or_pair|Optional|"
    r"backward|register_|retain_grad|requires_grad|apply_|map_|map2_|storage|untyped_storage|"
    r"data_ptr|const_data_ptr|element_size|dim$|dim_order|ndimension|nelement|numel|size|stride|"
    r"storage_offset|item|tolist|numpy|pin_memory|share_memory_|record_stream|module_load|"
    r"ipu|xpu|mtia|cpu|cuda|to_mkldnn|to_sparse|to_dense|to_padded_tensor|coalesce|dense_dim|"
    r"sparse_dim|sparse_mask|sparse_resize|qscheme|as_subclass|reinforce|new$|get_device|"
    r"istft|lobpcg|pca_lowrank|svd_lowrank)")

PADDLE_NOT_OPS = re.compile(
    r"(_grad_?$|^sparse_|^fused_|^fusion_|^c_|^distributed|^dist_|^send|^recv|^p_send|^p_recv|"
    r"^all_|^partial_|^reduce_scatter|^mp_|^fake_|quant|^sync_calc|^barrier|^nccl|^xpu|^fetch|"
    r"^feed|^memcpy|^share_|^print|^assert|^save|^load|^data$|^check_|^coalesce|^dgc|^lars|"
    r"^lamb|^adam|^sgd|^momentum|^rmsprop|^adagrad|^ftrl|^decayed|^merged_|^update_loss|"
    r"^average_accumulates|^push_|^pull_|^lookup_table|^graph_|^weight_only|^llm_int8|"
    r"^block_multihead|^masked_multihead|^variable_length|^cudnn_lstm|onednn|mkldnn|cinn|^flash|"
    r"^memory_efficient|moe|^global_|^limit_by|^number_count|^prune_gate|^random_routing|"
    r"^assign_pos|^shard_|^reshard|^comm_|^beam_search|^tdm|^sequence_|^pyramid|^rank_attention|"
    r"^match_matrix|^batch_fc|^cvm|^shuffle_batch|^resnet_|^squared_l2|^clip_by_norm|^dpsgd|"
    r"^asgd|^nadam|^radam|^adamax|^adadelta|^lookahead|^accuracy|^auc|^chunk_eval|"
    r"^edit_distance|^ctc|^warpctc|^warprnnt|^hsigmoid|^nce|^sample_logits|^class_center|"
    r"^margin_cross|^ap_|^array_|^create_array|^slice_array|^get_core_ops|^get_tensor_from|"
    r"^merge_selected|^nop|^npu_|^depend|^parameter$|^set_parameter|^set_persistable|"
    r"^update_parameter|^run_program|^tensorrt|^strings_|^decode_jpeg|^read_file|^name$|"
    r"^dtensor_|^enable_check|^disable_check|^builtin_|^legacy|^core$|^copy_to|^identity_loss|"
    r"^blha_|^calc_reduced|^cal_aux|^build_src|^expand_modality|^qkv_unpack|^self_dp|^fp8_|"
    r"^apply_per_channel|^gemm_epilogue|^multihead_matmul|^skip_layernorm|^fast_|^reindex_graph|"
    r"^weighted_sample|^trans_layout|^embedding_grad|^embedding_with_scaled|^moving_average|"
    r"^squeeze_excitation|^attention_lstm|^batched_gemm|^matmul_with_flatten|^reduce$|^reduce_$|"
    r"^add_position_encoding|^add_group_norm_silu|^anchor_generator|^yolo_box_head|^yolo_box_post|"
    r"^assign_out_|^increment)")


def gn_names(framework):
    out = subprocess.run([os.path.join(ROOT, "build", "bin", "gn-translate"),
                          f"--list-ops={framework}"], capture_output=True, text=True, check=True)
    names = set(out.stdout.split())
    return names | {n.split(".")[-1] for n in names}


def covered(name, have):
    return name in have or name.rstrip("_") in have or ("Tensor." + name) in have


def torch_namespaces():
    import torch
    import torch.nn.functional as F
    spaces = {"torch": torch, "torch.nn.functional": F, "torch.special": torch.special,
              "torch.linalg": torch.linalg, "torch.fft": torch.fft, "torch.Tensor": torch.Tensor}
    out = {}
    for space, mod in spaces.items():
        names = []
        for n in dir(mod):
            if n.startswith("_"):
                continue
            obj = getattr(mod, n, None)
            if not callable(obj) or inspect.isclass(obj) or inspect.ismodule(obj):
                continue
            if NOT_OPS.match(n):
                continue
            if space == "torch.fft":
                n = "fft_" + n
            names.append(n)
        out[space] = sorted(set(names))
    return out


def paddle_namespaces():
    import paddle
    names = [n for n in dir(paddle._C_ops) if not n.startswith("_")]
    return {"paddle._C_ops": sorted(n for n in names if not PADDLE_NOT_OPS.search(n))}


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("framework", choices=("torch", "paddle"))
    ap.add_argument("--missing", action="store_true", help="list the names gn lacks")
    args = ap.parse_args()
    have = gn_names(args.framework)
    spaces = torch_namespaces() if args.framework == "torch" else paddle_namespaces()
    total = total_covered = 0
    print(f"| namespace | ops | gn registers | share |\n| --- | --- | --- | --- |")
    missing = {}
    for space, names in spaces.items():
        got = [n for n in names if covered(n, have)]
        missing[space] = [n for n in names if not covered(n, have)]
        total += len(names)
        total_covered += len(got)
        print(f"| {space} | {len(names)} | {len(got)} | {100 * len(got) / max(len(names), 1):.1f}% |")
    print(f"| all | {total} | {total_covered} | {100 * total_covered / max(total, 1):.1f}% |")
    if args.missing:
        for space, names in missing.items():
            print(f"\n{space} ({len(names)} missing):\n  " + " ".join(names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
