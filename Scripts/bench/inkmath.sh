#!/usr/bin/env bash
# Benchmarks InkMath against its peers on identical inputs, in one run, and prints the ratios.
#
#   Scripts/bench/inkmath.sh [--threads N] [--rows 20000] [--pca-rows 100000] [--cdist-rows 1000]
#                            [--repetitions 2] [--rounds 2]
#
# Euclidean distances X (rows × 128) vs Y (rows × 128) and X vs X: DuctusBench (tiled GEMM
# identity, SYRK for the self case) vs the NumPy GEMM identity and SciPy cdist (timed on
# --cdist-rows rows of X and scaled up). PCA of pca-rows × 128: DuctusBench vs scikit-learn
# PCA(svd_solver="covariance_eigh") and PCA(svd_solver="full"). The peers and InkMath's PCA use N
# BLAS threads (default 2); InkMath's distances use one BLAS thread and spread their tiles over
# all cores with ParallelLoop, so every side uses the same cores. The NumPy/SciPy peers run with OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE unset, so
# that their own OpenBLAS picks its kernel. A ratio above 1 means Ductus is faster.
# The 20k × 20k distance matrix is 3.2 GB on each side; the sides run one after the other.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
threads=2 rows=20000 pca_rows=100000 cdist_rows=1000 repetitions=2 rounds=2
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads="$2"; shift 2 ;;
    --rows) rows="$2"; shift 2 ;;
    --pca-rows) pca_rows="$2"; shift 2 ;;
    --cdist-rows) cdist_rows="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "usage: $0 [--threads N] [--rows R] [--pca-rows R] [--cdist-rows R] [--repetitions R] [--rounds R]" >&2; exit 2 ;;
  esac
done

"$root/Scripts/setup"
{ read -r bench; read -r _; } < <("$root/Scripts/bench/build-bench")
peer="$root/Scripts/bench/inkmath_peer.py"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$peer" generate "$data" --rows "$rows" --pca-rows "$pca_rows"
common=(--threads "$threads" --repetitions "$repetitions")

ductus="$data/ductus.tsv" peers="$data/peers.tsv"
# Each case runs on both sides back to back, in --rounds rounds, and each side keeps its best
# time: on a shared machine the load changes from minute to minute, and this way both sides
# get the same chances. cdist (minutes of work) runs in the first round only.
peer_env=(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE)
for round in $(seq "$rounds"); do
  # InkMath's distances spread whole tiles over the cores themselves, each calling one-thread
  # BLAS (measured 2.6x faster here than threading BLAS inside every tile): BLAS threads 1.
  "$bench" inkmath distances --x "$data/x.f64" --y "$data/y.f64" --dimension 128 \
    --threads 1 --repetitions "$repetitions" >>"$ductus"
  cdist=$([ "$round" -eq 1 ] && echo "$cdist_rows" || echo 0)
  "${peer_env[@]}" python3 "$peer" distances "$data" --cdist-rows "$cdist" "${common[@]}" >>"$peers"
  "$bench" inkmath pca --data "$data/pca.f64" --dimension 128 "${common[@]}" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" pca "$data" "${common[@]}" >>"$peers"
done

echo "InkMath benchmark: distances ${rows} × ${rows} × 128, PCA ${pca_rows} × 128, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "threads: peers ${threads} BLAS; ductus PCA ${threads} BLAS; ductus distances 1 BLAS + ParallelLoop on $(nproc) cores"
grep -h '^# threads' "$ductus" | sed 's/^# threads\t[0-9]*\t/ductus: /' | sort -u
grep -h '^# threads' "$peers" | sed 's/^# threads\t[0-9]*\t/peer: /' | sort -u
python3 "$(dirname "$0")/ratio_table.py" "$ductus" "$peers" 4 \
  "euclidean_xy:euclidean_xy:distances X vs Y   vs NumPy GEMM identity" \
  "euclidean_xy:cdist_xy:distances X vs Y   vs SciPy cdist (scaled)" \
  "euclidean_xx:euclidean_xx:distances X vs X   vs NumPy GEMM identity" \
  "pca_covarianceEigh:pca_covarianceEigh:PCA covariance_eigh vs scikit-learn" \
  "pca_fullSVD:pca_fullSVD:PCA full SVD        vs scikit-learn"
