#!/usr/bin/env bash
# Curve similarity benchmarks: Ductus against its peers on identical inputs, in one run.
#
#   Scripts/bench/similarity.sh [--baseline]
#
# Discrete Fréchet of two 1000-sample curves (tslearn `frechet`, similaritymeasures
# `frechet_dist`) and directed / symmetric Hausdorff of 10 000 × 10 000 samples (SciPy
# `directed_hausdorff`) on random-walk curves, normal clouds and uniform clouds. Everything runs
# on one thread. Ductus is built in release mode by Scripts/bench/build-bench (the -target-cpu
# Scripts/target-cpu picks: skylake-avx512, haswell or none); --baseline also builds and runs the
# default (baseline x86-64) target. Prints each time, the values (which must agree) and the
# ratios peer time / Ductus time.
set -euo pipefail
cd "$(dirname "$0")/../.."
export OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS=1

inputs=$(mktemp -d)
trap 'rm -rf "$inputs"' EXIT
python3 Scripts/bench/similarity_peer.py generate "$inputs"

# The target Scripts/target-cpu picks, then (with --baseline) the baseline x86-64 target.
builds=("")
[[ "${1:-}" == "--baseline" ]] && builds+=("--baseline")

peer=$(python3 Scripts/bench/similarity_peer.py run "$inputs")
echo "# peers (Python $(python3 -c 'import platform; print(platform.python_version())'), one thread)"
echo "$peer"

for build in "${builds[@]}"; do
  { read -r bench; read -r label; } < <(Scripts/bench/build-bench ${build:+"$build"})
  ductus=$(
    "$bench" similarity frechet --a "$inputs/frechet_a.f64" --b "$inputs/frechet_b.f64"
    for kind in walk normal uniform; do
      "$bench" similarity hausdorff --label "$kind" \
        --a "$inputs/hausdorff_${kind}_a.f64" --b "$inputs/hausdorff_${kind}_b.f64"
    done
  )
  echo "# Ductus ($label target, one thread)"
  echo "$ductus"
  python3 - "$label" <<PY
import sys
def table(text):
    return {line.split("\t")[0]: float(line.split("\t")[1])
            for line in text.splitlines() if line and not line.startswith("#")}
peer, ductus = table("""$peer"""), table("""$ductus""")
print(f"# ratios ({sys.argv[1]}): peer seconds / Ductus seconds")
pairs = [("frechet_ductus", "frechet_tslearn"), ("frechet_ductus", "frechet_similaritymeasures")]
for kind in ["walk", "normal", "uniform"]:
    pairs += [(f"hausdorff_{kind}_ductus", f"hausdorff_{kind}_scipy"),
              (f"hausdorff_symmetric_{kind}_ductus", f"hausdorff_symmetric_{kind}_scipy")]
for name, peer_name in pairs:
    print(f"{name} vs {peer_name}\t{peer[peer_name] / ductus[name]:.1f}x")
print(f"frechet cell rate: Ductus {1e6 / ductus['frechet_ductus'] / 1e9:.3f} G cells/s, "
      f"tslearn {1e6 / peer['frechet_tslearn'] / 1e9:.3f} G cells/s")
PY
done
