#!/usr/bin/env bash
# Dynamic time warping and the discrete Fréchet distance: Ductus against dtaidistance (C, OpenMP),
# tslearn (numba) and similaritymeasures on identical inputs, in one run; prints each side's cell
# rate (matrix cells a second, in all and a core) and the ratios.
#
#   Scripts/bench/dtw.sh [--baseline]
#
# Cases: two 1000-point 2-D series (one thread everywhere, best of 20); all pairs of 500
# strokes × 128 points 2-D (all cores: Ductus concurrentPerform through InkMath's ParallelLoop,
# dtaidistance distance_matrix_fast parallel=True, tslearn cdist_dtw n_jobs=-1 on a 100-stroke
# subset; Ductus also on one core through taskset), without a band and with a Sakoe–Chiba radius of 10 (dtaidistance window 11); the
# discrete Fréchet distance of all pairs of the same strokes (Ductus on all cores; tslearn
# `frechet` and similaritymeasures `frechet_dist` pair by pair on one thread, on 50 and 20
# strokes). Ductus is built by Scripts/bench/build-bench (-target-cpu skylake-avx512 with
# AVX-512, haswell with AVX2 and FMA) unless --baseline is given. The load average is printed: on
# a shared machine, compare ratios, and the rates a core.
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
  if command -v taskset >/dev/null; then
    taskset -c 0 "$bench" dtw allpairs --strokes "$data/strokes.f64" --points 128 \
      --suffix _one_core
  fi
  OMP_NUM_THREADS="$threads" python3 "$root/Scripts/bench/dtw_peer.py" allpairs "$data"
  "$bench" dtw allpairs --strokes "$data/strokes.f64" --points 128 --radius 10 --suffix _band10
  OMP_NUM_THREADS="$threads" python3 "$root/Scripts/bench/dtw_peer.py" allpairs "$data" \
    --radius 10 | sed 's/_allpairs/_allpairs_band10/'
  "$bench" dtw frechet-allpairs --strokes "$data/strokes.f64" --points 128
  python3 "$root/Scripts/bench/dtw_peer.py" frechet "$data" --tslearn-strokes 50
} | python3 -c '
import sys
rates, processor_rates = {}, {}
load = open("/proc/loadavg").read().split()[0]
print(f"# Ductus build: '"$label"'; cores: '"$threads"'; load average: {load}")
print("# a core: cells per processor-second (all threads) where measured, else per wall")
print("# second and thread; on a busy machine it is the fairer figure")
for line in sys.stdin:
    if line.startswith("#"):
        print(line.rstrip()); continue
    fields = line.rstrip("\n").split("\t")
    name, seconds, cells = fields[0], float(fields[1]), float(fields[2])
    threads = int(fields[3]) if len(fields) > 3 else 1
    rate = cells / seconds / 1e6
    rates[name] = rate
    core = cells / float(fields[4]) / 1e6 if len(fields) > 4 else rate / threads
    processor_rates[name] = core
    note = "  (cells of the full matrix, for comparison)" if "band" in name else ""
    print(f"{name:36s} {seconds:8.3f} s {rate:9.1f} M cells/s {core:8.1f} a core ({threads}){note}")
for case in ["pair", "allpairs", "allpairs_band10", "frechet_allpairs"]:
    ductus = rates.get("ductus_" + case)
    for peer in ["dtaidistance", "tslearn", "similaritymeasures"]:
        other = rates.get(f"{peer}_{case}")
        if ductus and other:
            per_core = processor_rates["ductus_" + case] / processor_rates[f"{peer}_{case}"]
            print(f"ratio {case:18s} ductus / {peer:18s} = {ductus / other:8.2f}x wall, "
                  f"{per_core:8.2f}x a core")
'
