#!/usr/bin/env bash
# Dynamic time warping: Ductus against dtaidistance (C, OpenMP) and tslearn (numba) on identical
# inputs, in one run; prints each side's cell rate (matrix cells a second) and the ratios.
#
#   Scripts/bench/dtw.sh [--baseline]
#
# Cases: two 1000-point 2-D series (one thread everywhere, best of 20); all pairs of 500
# strokes × 128 points 2-D (all cores: Ductus concurrentPerform through InkMath's ParallelLoop,
# dtaidistance distance_matrix_fast parallel=True, tslearn cdist_dtw n_jobs=-1 on a 100-stroke
# subset), without a band and with a Sakoe–Chiba radius of 10 (dtaidistance window 11). Ductus
# is built in release with -target-cpu haswell when /proc/cpuinfo lists avx2 and fma, unless
# --baseline is given. The load average is printed: on a shared machine, compare ratios.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
{ read -r bench; read -r label; } < <("$root/Scripts/bench/build-bench" ${1:+"$1"})
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$root/Scripts/bench/dtw_peer.py" generate "$data"
threads="$(nproc)"
{
  "$bench" dtw pair --a "$data/pair_a.f64" --b "$data/pair_b.f64" --length 1000 --repetitions 20
  python3 "$root/Scripts/bench/dtw_peer.py" pair "$data" --repetitions 20
  "$bench" dtw allpairs --strokes "$data/strokes.f64" --points 128
  OMP_NUM_THREADS="$threads" python3 "$root/Scripts/bench/dtw_peer.py" allpairs "$data"
  "$bench" dtw allpairs --strokes "$data/strokes.f64" --points 128 --radius 10 --suffix _band10
  OMP_NUM_THREADS="$threads" python3 "$root/Scripts/bench/dtw_peer.py" allpairs "$data" \
    --radius 10 | sed 's/_allpairs/_allpairs_band10/'
} | python3 -c '
import sys
rates = {}
load = open("/proc/loadavg").read().split()[0]
print(f"# Ductus build: '"$label"'; cores: '"$threads"'; load average: {load}")
for line in sys.stdin:
    if line.startswith("#"):
        print(line.rstrip()); continue
    name, seconds, cells = line.split("\t")
    rate = float(cells) / float(seconds) / 1e6
    rates[name] = rate
    note = "  (cells of the full matrix, for comparison)" if "band" in name else ""
    print(f"{name:32s} {float(seconds):10.4f} s {rate:10.1f} M cells/s{note}")
for case in ["pair", "allpairs", "allpairs_band10"]:
    ductus = rates.get("ductus_" + case)
    for peer in ["dtaidistance", "tslearn"]:
        other = rates.get(f"{peer}_{case}")
        if ductus and other:
            print(f"ratio {case:18s} ductus / {peer:12s} = {ductus / other:6.2f}x")
'
