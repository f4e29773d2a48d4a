#!/usr/bin/env bash
# Measures how fast the importers read the real data sets (UNIPEN apa, the $1 logs, SVC2004
# Task 2, the KanjiVG sample, the Hershey fonts of hershey-fonts-data) against the usual Python
# readers (Scripts/bench/importers_peer.py: ElementTree, numpy.loadtxt, svg.path, plain line
# parsing), one thread each, in one run. Prints both lines per format, whether the record,
# stroke and point counts agree, and the ratio (above 1: Ductus is faster).
#   Scripts/bench/importers.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
export OPENBLAS_NUM_THREADS=1
sets="${DUCTUS_SHARED:-$(cd .. && pwd)/shared}/datasets"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
{ read -r bench; read -r label; } < <(Scripts/bench/build-bench --baseline)
echo "# DuctusBench build: $label, one thread" >&2
"$bench" importers all --datasets "$sets" | tee "$out/ductus"
python3 -c "import svg.path" 2>/dev/null || python3 -m pip install -q svg.path >&2
python3 Scripts/bench/importers_peer.py "$sets" | tee "$out/peer"
python3 - "$out/ductus" "$out/peer" <<'PY'
import re, sys
def table(path):
    rows = {}
    for line in open(path):
        m = re.match(r"\w+: (\w+) records (\d+) strokes (\d+) points (\d+) seconds ([\d.]+)", line)
        if m:
            rows[m.group(1)] = (tuple(map(int, m.group(2, 3, 4))), float(m.group(5)))
    return rows
ours, peer = table(sys.argv[1]), table(sys.argv[2])
for name in ours:
    if name in peer:
        agree = ours[name][0] == peer[name][0]
        print(f"{name}: ductus/peer speed {peer[name][1] / ours[name][1]:.2f}x; counts agree: {agree}")
PY
