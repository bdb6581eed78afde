"""One line per record: status, compiled against eager at t = -5, fallbacks."""
import json
import os
import sys

for line in open(sys.argv[1]):
    r = json.loads(line)
    name = os.path.basename(r["sample"])
    print(f"{name}: {r['status']}, matches eager at t = -5: "
          f"{r.get('correct_at', {}).get('-5')}, fallback ops: "
          f"{r.get('compile', {}).get('fallback_ops')}")
