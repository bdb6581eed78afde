#!/usr/bin/env bash
# Renders a `gn-eval report` HTML file in headless Chromium (Debian's
# `chromium`; scripts/install-deps.sh --report installs it), saves a
# screenshot, and checks the rendered page: the S(t) and ES(t) charts with at
# least MIN_RUNS curves each, the speedup boxes and every table.
#   test/tools/check-report.sh REPORT.html [SCREENSHOT.png] [MIN_RUNS]
set -euo pipefail
html=$(realpath "$1")
png=${2:-${html%.html}.png}
min_runs=${3:-1}
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  echo "check-report: SKIPPED: no chromium (apt-get install chromium)" >&2
  exit 77
fi
flags=(--headless --no-sandbox --disable-gpu --disable-dev-shm-usage --hide-scrollbars --disable-extensions
       --user-data-dir="$(mktemp -d)")
dom=$(mktemp)
trap 'rm -f "$dom"' EXIT
timeout 120 "$browser" "${flags[@]}" --window-size=1200,2600 --screenshot="$png" \
  "file://$html" > /dev/null 2>&1
timeout 120 "$browser" "${flags[@]}" --dump-dom "file://$html" > "$dom" 2> /dev/null
/usr/bin/python3 - "$dom" "$png" "$min_runs" <<'PY'
import os
import re
import sys

dom, png, min_runs = open(sys.argv[1]).read(), sys.argv[2], int(sys.argv[3])
problems = []
for chart in ("st", "est", "est-extended"):
    m = re.search(r'<svg id="%s".*?</svg>' % chart, dom, re.S)
    curves = len(re.findall(r'<polyline class="curve"', m.group(0))) if m else 0
    points = len(re.findall(r"<circle", m.group(0))) if m else 0
    if curves < min_runs or points < curves * 5:
        problems.append(f"chart {chart}: {curves} curves, {points} points (want >= {min_runs} curves)")
if not re.search(r'<svg id="speedups".*?<g class="box"', dom, re.S):
    problems.append("no speedup boxes")
for table in ("summary", "channels", "categories", "failures", "slowest", "compiles"):
    m = re.search(r'<table id="%s">(.*?)</table>' % table, dom, re.S)
    if not m or m.group(1).count("<tr>") < 2:
        problems.append(f"table {table} missing or empty")
if not os.path.exists(png) or os.path.getsize(png) < 20000:
    problems.append(f"screenshot {png} missing or blank")
if problems:
    print("check-report: FAILED:\n  " + "\n  ".join(problems))
    sys.exit(1)
print(f"check-report: ok: rendered in Chromium, S(t)/ES(t) with >= {min_runs} curves, "
      f"boxes, 6 tables; screenshot {png} ({os.path.getsize(png)} bytes)")
PY
