#!/usr/bin/env bash
# The multistroke matcher (trace rank --by elastic): Ductus against the same algorithm in numpy
# with dtaidistance's C DTW (Scripts/bench/multistroke_peer.py), on identical inputs, one thread
# each, in one run; prints both sides' times, the ratios and whether they chose the same models.
#
#   Scripts/bench/multistroke.sh [--repetitions R]
#
# Inputs: the 62 digit and capital templates of Datasets/templates with their variants (1,518
# prototypes) and 400 attempts made from them (jittered, reordered, reversed, scaled). Timed:
# making every model's prototypes; ranking every attempt (its signature, then the smallest
# distance to any prototype, abandoning early above the best so far on both sides).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
repetitions=3
if [ "${1:-}" = "--repetitions" ]; then repetitions="$2"; fi
{ read -r bench; read -r label; } < <("$root/Scripts/bench/build-bench")
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$root/Scripts/bench/multistroke_peer.py" generate "$data"
{
  "$bench" multistroke rank --input "$data" --repetitions "$repetitions"
  OMP_NUM_THREADS=1 python3 "$root/Scripts/bench/multistroke_peer.py" rank "$data" \
    --repetitions "$repetitions"
} | python3 -c '
import sys
times = {}
load = open("/proc/loadavg").read().split()[0]
print(f"# Ductus build: '"$label"'; one thread each; load average: {load}")
for line in sys.stdin:
    if line.startswith("#"):
        continue
    name, seconds, count = line.rstrip().split("\t")
    times[name] = (float(seconds), int(count))
    print(f"{name:32s} {float(seconds):9.4f} s  ({count})")
for case in ["prototypes", "rank"]:
    d, p = times[f"multistroke_{case}_ductus"][0], times[f"multistroke_{case}_peer"][0]
    print(f"{case:12s} Ductus is {p / d:6.1f}x the peer")
'
same="$(paste "$data/nearest_ductus.txt" "$data/nearest_peer.txt" | awk '$1 == $2' | wc -l)"
echo "nearest model agrees on $same of $(wc -l < "$data/nearest_peer.txt") attempts"
