#!/usr/bin/env bash
# Feature-table speed, release build: `ductus features -j 2` over a corpus of N (default
# 50,000) Quick, Draw! drawings (raw, with times), those of ../shared/datasets/quickdraw-dev
# repeated with fresh keys, reading and writing CSV included, at both levels: drawings a
# second. Then the peer, the NumPy reference of Scripts/reference/stroke_features.py, on the
# first M (default 500) of them in one process, with the largest difference of its values from
# the table ductus wrote.
# Usage: Scripts/bench/features.sh [N] [M]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count="${1:-50000}"
peer_count="${2:-500}"
"$root/Scripts/ductus" --version >/dev/null
ductus="$root/.build/ductus-release/release/ductus"
shared="${DUCTUS_SHARED:-$(dirname "$root")/shared}"
quickdraw="$shared/datasets/quickdraw-dev"
if [ ! -d "$quickdraw" ]; then
  echo "# $quickdraw is absent: no figure" >&2
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$quickdraw" "$count" "$work/corpus.ndjson" <<'PY'
import json, sys
from pathlib import Path
folder, count, out = Path(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
records = [json.loads(l) for p in sorted(folder.glob("*.ndjson")) for l in open(p)]
with open(out, "w") as f:
    for i in range(count):
        r = dict(records[i % len(records)])
        r["key_id"] = f"{r['key_id']}-{i}"
        f.write(json.dumps(r) + "\n")
PY
for level in drawing stroke; do
  start=$(date +%s.%N)
  "$ductus" features -j 2 -q --level "$level" --format csv "$work/corpus.ndjson" > "$work/$level.csv"
  end=$(date +%s.%N)
  rows=$(($(wc -l < "$work/$level.csv") - 1))
  python3 -c "import sys; n, r, s = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]) - float(sys.argv[4]); print(f'features_{sys.argv[5]}_throughput\t{n / s:.0f} drawings/s\t{n} drawings ({r} rows) in {s:.2f} s, -j 2, CSV')" "$count" "$rows" "$end" "$start" "$level"
done
python3 "$root/Scripts/bench/features_peer.py" "$work/corpus.ndjson" "$work/drawing.csv" "$peer_count"
