#!/usr/bin/env bash
# Clustering a precomputed distance matrix larger than memory: `ductus cluster --precomputed`
# reads a float32 .npy in place, memory-mapped, for DBSCAN, HDBSCAN and k-medoids.
#
#   Scripts/bench/cluster-mapped.sh [--points 100000] [--dimension 8] [--centres 20]
#                                   [--eps 2.5] [--min-samples 10] [--min-cluster-size 200]
#                                   [--k 20] [--methods "dbscan hdbscan kmedoids"] [--folder DIR]
#
# Draws --points points around --centres Gaussian centres (NumPy, seed 0), writes their Euclidean
# distance matrix as float32 block by block with numpy.lib.format.open_memmap (N² × 4 bytes:
# 40 GB at N = 100,000; in a temporary folder under $TMPDIR or /tmp, removed at the end, or in
# --folder DIR, kept there and reused by the next run with the same data options), then runs each method once with the release CLI (`Scripts/ductus`, --no-scores)
# and prints, for each: the wall time, the peak resident memory split into anonymous memory (the
# process's own: O(n) here) and file-backed pages of the mapping (the kernel's page cache,
# reclaimed under pressure), the lowest MemAvailable seen while it ran, and the adjusted Rand
# index of its labels against the centres the points came from. The load average is printed.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
points=100000 dimension=8 centres=20 eps=2.5 min_samples=10 min_cluster_size=200 k=20
methods="dbscan hdbscan kmedoids" folder=""
while [ $# -gt 0 ]; do
  case "$1" in
    --points) points="$2"; shift 2 ;;
    --dimension) dimension="$2"; shift 2 ;;
    --centres) centres="$2"; shift 2 ;;
    --eps) eps="$2"; shift 2 ;;
    --min-samples) min_samples="$2"; shift 2 ;;
    --min-cluster-size) min_cluster_size="$2"; shift 2 ;;
    --k) k="$2"; shift 2 ;;
    --methods) methods="$2"; shift 2 ;;
    --folder) folder="$2"; shift 2 ;;
    *) echo "usage: $0 [--points N] [--dimension D] [--centres C] [--eps E] [--min-samples M] [--min-cluster-size S] [--k K] [--methods \"dbscan hdbscan kmedoids\"] [--folder DIR]" >&2; exit 2 ;;
  esac
done
python3 -c "import numpy, sklearn" 2>/dev/null || {
  echo "error: the script needs NumPy and scikit-learn: pip install numpy scikit-learn" >&2
  exit 1
}
"$root/Scripts/ductus" --version >/dev/null
ductus="$root/.build/ductus-release/release/ductus"
data_options="--points $points --dimension $dimension --centres $centres"
if [ -n "$folder" ]; then
  data="$folder"
  mkdir -p "$data"
else
  data="$(mktemp -d "${TMPDIR:-/tmp}/ductus-mapped.XXXXXX")"
  trap 'rm -rf "$data"' EXIT
fi
if [ "$(cat "$data/options" 2>/dev/null)" != "$data_options" ]; then
  rm -f "$data/options"
  # shellcheck disable=SC2086
  python3 "$root/Scripts/bench/cluster_mapped_peer.py" generate "$data" $data_options
  echo "$data_options" > "$data/options"
fi
echo "# load average: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; matrix $(du -h "$data/distances.npy" | cut -f1)"
for method in $methods; do
  case "$method" in
    dbscan) options=(--eps "$eps" --min-samples "$min_samples") ;;
    hdbscan) options=(--min-cluster-size "$min_cluster_size" --min-samples "$min_samples") ;;
    kmedoids) options=(--k "$k" --seed 0) ;;
    *) echo "error: unknown method $method" >&2; exit 2 ;;
  esac
  python3 "$root/Scripts/bench/cluster_mapped_peer.py" run "$data" --name "$method" -- \
    "$ductus" cluster "$data/distances.npy" --precomputed --method "$method" "${options[@]}" \
    --no-scores --quiet -o "$data/$method.csv"
done
