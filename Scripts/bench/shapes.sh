#!/usr/bin/env bash
# Shape detection speed, release builds:
# - latency: DuctusBench shapes latency, one 200-point stroke a call (p50, p99, max);
# - throughput: `ductus shapes detect -j 2` over a corpus of N (default 100,000) Quick, Draw!
#   drawings, the shape categories of ../shared/datasets/quickdraw-dev repeated with fresh keys,
#   reading and writing included: drawings a second.
# Usage: Scripts/bench/shapes.sh [N]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count="${1:-100000}"
{ read -r bench; read -r label; } < <("$root/Scripts/bench/build-bench" --baseline)
"$root/Scripts/ductus" --version >/dev/null
ductus="$root/.build/ductus-release/release/ductus"
echo "# DuctusBench ($label)"
"$bench" shapes latency --calls 5000
shared="${DUCTUS_SHARED:-$(dirname "$root")/shared}"
quickdraw="$shared/datasets/quickdraw-dev"
if [ ! -d "$quickdraw" ]; then
  echo "# $quickdraw is absent: no throughput figure" >&2
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$quickdraw" "$count" "$work/corpus.ndjson" <<'PY'
import json, sys
from pathlib import Path
folder, count, out = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
kinds = ["circle", "square", "triangle", "line", "hexagon", "octagon", "star", "diamond", "zigzag"]
records = [json.loads(l) for k in kinds if (folder / f"{k}.ndjson").exists()
           for l in open(folder / f"{k}.ndjson")]
with open(out, "w") as f:
    for i in range(count):
        r = dict(records[i % len(records)])
        r["key_id"] = f"{r['key_id']}-{i}"
        f.write(json.dumps(r) + "\n")
PY
start=$(date +%s.%N)
"$ductus" shapes detect -j 2 -q "$work/corpus.ndjson" > "$work/shapes.ndjson"
end=$(date +%s.%N)
lines=$(wc -l < "$work/shapes.ndjson")
python3 -c "import sys; n, s = int(sys.argv[1]), float(sys.argv[2]) - float(sys.argv[3]); print(f'shapes_detect_throughput\t{n / s:.0f} drawings/s\t{n} drawings in {s:.2f} s, -j 2 (target >= 20000)')" "$lines" "$end" "$start"
