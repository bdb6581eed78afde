#!/usr/bin/env bash
# Peak memory of compiled runs on the 11 benchmark samples where memory is
# at stake (the ones gn-stream-bands acts on or that sit near the 1.5x
# budget), with compile time and compiled / eager medians. About 4 minutes.
# usage: bench/bench-memory.sh OUT.jsonl [--pipeline-options=...]
# Needs the samples unpacked under $HOME/.cache/gn/graphnet/samples (see
# bench/bench-cpu.sh) and a build (scripts/build.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: bench/bench-memory.sh OUT.jsonl [gn-eval options]}
shift
rm -f "$out"
samples=$(grep -v '^#' bench/cpu-samples.txt |
  grep -E "convnextv2|mobilenet_v2|mobilevit|SwinFor|yolo12n|yolo11n|Data2Vec|UniSpeech|LINKX|GraphSAGE|PNA" |
  sed "s|^|$HOME/.cache/gn/graphnet/samples/|")
# shellcheck disable=SC2086
build/bin/gn-eval run $samples --mode compiled --warmup 1 --trials 5 --out "$out" "$@" >/dev/null
python3 - "$out" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    d = json.loads(line)
    name = d['sample'].split('/')[-1][:40]
    if d['status'] != 'ok':
        print(f"{name:42s} {d['status']}")
        continue
    print(f"{name:42s} peak/io {d['memory']['peak_over_io']:5.2f}  compile {d['compile_seconds']:5.2f} s"
          f"  compiled {d['compiled']['median_ms']:8.2f} ms  eager {d['eager']['median_ms']:8.2f} ms"
          f"  correct@-5 {d['correct_at']['-5']}")
PY
