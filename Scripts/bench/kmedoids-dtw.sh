#!/usr/bin/env bash
# k-medoids by DTW: Ductus's FasterPAM with the distances computed on demand and pruned by
# LB_Kim, LB_Keogh and early abandoning (KMedoids.fit(series:dtw:)), against (a) Ductus's
# all-pairs DTW matrix then FasterPAM, and (b) dtaidistance's distance_matrix_fast then
# kmedoids.fasterpam, on the same series from the same start; prints the times, the DTW cells,
# the ratios, the share of pairs pruned and the three losses.
#
#   Scripts/bench/kmedoids-dtw.sh [--points 32] [--k 10] [--radius 3] [--repetitions 1]
#                                 [--baseline]
#
# Inputs (Scripts/bench/kmedoids_dtw_peer.py generate): the Quick, Draw! drawings of
# $DUCTUS_SHARED/datasets/quickdraw-dev (../shared by default), each resampled to --points
# points and scaled to unit size, as `drawings` (569 series, strokes joined) and `strokes`
# (each stroke alone, about 1,800). The start is k points drawn with NumPy. All cores on every
# side (DTW); FasterPAM itself is single-threaded in kmedoids (n_cpu=1) and in Ductus's matrix
# run. The pruned search's cells count its abandoned DTW runs whole (an upper bound). A ratio
# above 1 means the pruned search is faster, or computes fewer cells.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
points=32 k=10 radius=3 repetitions=1 baseline=()
while [ $# -gt 0 ]; do
  case "$1" in
    --points) points="$2"; shift 2 ;;
    --k) k="$2"; shift 2 ;;
    --radius) radius="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    --baseline) baseline=(--baseline); shift ;;
    *) echo "usage: $0 [--points N] [--k K] [--radius R] [--repetitions R] [--baseline]" >&2; exit 2 ;;
  esac
done
python3 -c "import kmedoids, dtaidistance" 2>/dev/null || {
  echo "error: the peer needs kmedoids and dtaidistance: pip install kmedoids dtaidistance" >&2
  exit 1
}
shared="${DUCTUS_SHARED:-$root/../shared}"
{ read -r bench; read -r label; } < <("$root/Scripts/bench/build-bench" ${baseline[@]+"${baseline[@]}"})
peer="$root/Scripts/bench/kmedoids_dtw_peer.py"
data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$peer" generate "$data" --quickdraw "$shared/datasets/quickdraw-dev" --points "$points" \
  --k "$k"
for case in drawings strokes; do
  echo "# case $case"
  "$bench" cluster kmedoids-dtw --data "$data/$case.f64" --dimension $((2 * points)) \
    --medoids "$data/$case-start.f64" --radius "$radius" --repetitions "$repetitions" \
    | sed "s/^kmedoids_dtw/${case}_kmedoids_dtw/"
  python3 "$peer" run "$data" --case "$case" --points "$points" --radius "$radius" \
    --repetitions "$repetitions" | sed "s/^peer_kmedoids_dtw/${case}_peer_kmedoids_dtw/"
done | python3 -c '
import sys
rows = {}
load = open("/proc/loadavg").read().split()[0]
print(f"# Ductus build: '"$label"'; k = '"$k"', Sakoe-Chiba radius '"$radius"', '"$points"' points; load average: {load}")
for line in sys.stdin:
    if line.startswith("#"):
        print(line.rstrip()); continue
    name, seconds, cells = line.rstrip("\n").split("\t")[:3]
    rows[name] = (float(seconds), float(cells))
    print(f"{name:36s} {float(seconds):9.3f} s {float(cells) / 1e6:10.1f} M cells")
for case in ["drawings", "strokes"]:
    pruned = rows.get(case + "_kmedoids_dtw_pruned")
    for other in ["kmedoids_dtw_matrix", "peer_kmedoids_dtw_matrix"]:
        base = rows.get(f"{case}_{other}")
        if pruned and base:
            print(f"ratio {case:9s} {other:26s} / pruned = {base[0] / pruned[0]:6.2f}x time, "
                  f"{base[1] / pruned[1]:6.2f}x cells")
'
