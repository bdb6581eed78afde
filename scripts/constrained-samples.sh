#!/usr/bin/env bash
# The GraphNet samples that carry input_tensor_constraints.py (the shape
# channel), sorted, or a seeded random LIMIT of them (0: all), one folder
# per line on stdout. Shared by the symbolic sweeps (one-program-sweep.sh,
# symbolic-survey.sh), so the same seed names the same samples.
#
#   scripts/constrained-samples.sh LIMIT SEED
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
[ $# -eq 2 ] || { sed -n '2,/^set -euo/p' "$0" | grep '^#' | sed 's/^# \{0,1\}//' >&2; exit 2; }
dir=$("$root/scripts/graphnet-dir.sh")
find "$dir/samples" -name input_tensor_constraints.py -printf '%h\n' | sort |
  /usr/bin/python3 -c "import random, sys
l = sys.stdin.read().split(); n = int(sys.argv[1]); random.seed(int(sys.argv[2]))
print('\n'.join(sorted(random.sample(l, n)) if 0 < n < len(l) else l))" "$1" "$2"
