#!/usr/bin/env bash
# Benchmarks DTW k-means (InkClustering's TimeSeriesKMeans, DBA centres) and k-Shape against
# tslearn's TimeSeriesKMeans(metric="dtw") and KShape on the same input, in one run, and prints
# the ratios.
#
#   Scripts/bench/dtw-kmeans.sh [--series 1000] [--length 32] [--k 8] [--iterations 3]
#                               [--threads 2] [--repetitions 1] [--rounds 1]
#
# The input is --series 2-D series of --length points (warped noisy copies of --k random smooth
# curves, as resampled drawings) and a start of --k of them, written once by
# dtw_kmeans_peer.py. Both sides run --iterations iterations from that start (tolerance 0) and
# report the time an iteration: n × k DTW distances, then a DBA update of every centre (at most
# 30 DBA iterations, tol 1e-5, tslearn's defaults). Ductus spreads the DTW over all cores;
# tslearn gets n_jobs = --threads (joblib threads for its distances and DBA paths). Each side
# keeps its best time over --rounds rounds. k-Shape: the same series z-normalised, from the
# start z-normalised, at most --iterations iterations (tolerance 0; both stop early if the
# inertia grows), the time an iteration; tslearn's numba kernels get NUMBA_NUM_THREADS=--threads.
# A ratio above 1 means Ductus is faster.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
series=1000 length=32 k=8 iterations=3 threads=2 repetitions=1 rounds=1
while [ $# -gt 0 ]; do
  case "$1" in
    --series) series="$2"; shift 2 ;;
    --length) length="$2"; shift 2 ;;
    --k) k="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "usage: $0 [--series N] [--length L] [--k K] [--iterations I] [--threads T] [--repetitions R] [--rounds R]" >&2; exit 2 ;;
  esac
done

"$root/Scripts/setup"
python3 -c "import tslearn" 2>/dev/null || {
  echo "error: the peer needs tslearn: pip install tslearn" >&2
  exit 1
}
{ read -r bench; read -r label; } < <("$root/Scripts/bench/build-bench")
peer="$root/Scripts/bench/dtw_kmeans_peer.py"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$peer" generate "$data" --series "$series" --length "$length" --k "$k"
ductus="$data/ductus.tsv" peers="$data/peers.tsv"
for round in $(seq "$rounds"); do
  "$bench" cluster dtwkmeans --data "$data/dtw.f64" --init "$data/dtw-init.f64" \
    --dimension $((2 * length)) --iterations "$iterations" --repetitions "$repetitions" >>"$ductus"
  OPENBLAS_NUM_THREADS=1 python3 "$peer" fit "$data" --length "$length" \
    --iterations "$iterations" --threads "$threads" --repetitions "$repetitions" >>"$peers"
  "$bench" cluster kshape --data "$data/dtw.f64" --init "$data/kshape-init.f64" \
    --dimension $((2 * length)) --iterations "$iterations" --repetitions "$repetitions" >>"$ductus"
  OPENBLAS_NUM_THREADS=1 NUMBA_NUM_THREADS="$threads" python3 "$peer" kshape "$data" \
    --length "$length" --iterations "$iterations" --repetitions "$repetitions" >>"$peers"
done

echo "DTW k-means and k-Shape benchmark: ${series} series of ${length} 2-D points into ${k} clusters, ${iterations} iterations; DuctusBench ${label}; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "threads: ductus all $(nproc) cores (concurrentPerform), tslearn n_jobs ${threads}"
grep -h '^# ' "$ductus" | grep -v threads | sed 's/^# /ductus: /' | sort -u
grep -h '^# ' "$peers" | sed 's/^# /peer: /' | sort -u
python3 "$(dirname "$0")/ratio_table.py" "$ductus" "$peers" 4 \
  "dtwkmeans:dtwkmeans:DTW k-means iteration vs tslearn" \
  "kshape:kshape:k-Shape iteration vs tslearn"
