#!/usr/bin/env bash
# Benchmarks InkClustering against its peers on identical inputs, in one run, and prints the
# ratios.
#
#   Scripts/bench/cluster.sh [--points 100000] [--dimension 32] [--k 16] [--iterations 20]
#                            [--linkage-points 5000] [--medoid-points 5000] [--medoids 20]
#                            [--batch-size 1024] [--eps 20] [--min-samples 10]
#                            [--min-cluster-size 25]
#                            [--threads 2] [--repetitions 3] [--rounds 2]
#
# k-means: one Lloyd iteration (the time of --iterations iterations from the same start, tol 0,
# over the iterations run) of --points × --dimension Gaussian blobs into --k clusters, DuctusBench
# (GEMM assignment, and Hamerly's bounds) against scikit-learn's KMeans(algorithm="lloyd"); both
# use --threads cores (scikit-learn's OpenMP threads; DuctusBench one BLAS thread a block, blocks
# spread over the cores). Linkage: single, complete, average and Ward on the condensed Euclidean
# matrix of --linkage-points points (computed once on each side, untimed), against fastcluster
# (D. Müllner), one thread on both sides. FasterPAM: --medoids medoids of --medoid-points points
# from the same start on the square Euclidean matrix, against kmedoids.fasterpam(n_cpu=1), one
# thread on both sides. Mini-batch k-means: a whole run of one pass of --batch-size batches over
# the k-means points from the same start (no early stop, reassignment off, final labels
# included), against scikit-learn's MiniBatchKMeans, one thread on both sides (the batches
# differ: SplitMix64 against NumPy; the inertias are printed). DBSCAN: the linkage points with
# --eps and --min-samples, against scikit-learn's DBSCAN(algorithm="brute"), one thread on both
# sides (clusters and noise printed). HDBSCAN: the linkage points with --min-cluster-size and
# --min-samples (excess of mass), against scikit-learn's HDBSCAN (its default route for these
# features: k-d tree core distances, Prim's tree on the features), one thread on both sides
# (clusters and noise printed). Each case runs on both sides back to back in --rounds rounds and each
# side keeps its best time. A ratio above 1 means Ductus is faster.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
points=100000 dimension=32 k=16 iterations=20 linkage_points=5000 medoid_points=5000 medoids=20
threads=2 repetitions=3 rounds=2 batch_size=1024 eps=20 min_samples=10 min_cluster_size=25
while [ $# -gt 0 ]; do
  case "$1" in
    --points) points="$2"; shift 2 ;;
    --dimension) dimension="$2"; shift 2 ;;
    --k) k="$2"; shift 2 ;;
    --iterations) iterations="$2"; shift 2 ;;
    --linkage-points) linkage_points="$2"; shift 2 ;;
    --medoid-points) medoid_points="$2"; shift 2 ;;
    --medoids) medoids="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --batch-size) batch_size="$2"; shift 2 ;;
    --eps) eps="$2"; shift 2 ;;
    --min-samples) min_samples="$2"; shift 2 ;;
    --min-cluster-size) min_cluster_size="$2"; shift 2 ;;
    *) echo "usage: $0 [--points N] [--dimension D] [--k K] [--iterations I] [--linkage-points N] [--medoid-points N] [--medoids K] [--batch-size B] [--eps E] [--min-samples M] [--min-cluster-size C] [--threads T] [--repetitions R] [--rounds R]" >&2; exit 2 ;;
  esac
done

"$root/Scripts/setup"
python3 -c "import sklearn, fastcluster, kmedoids, threadpoolctl" 2>/dev/null || {
  echo "error: the peers need scikit-learn, fastcluster and kmedoids: pip install scikit-learn fastcluster kmedoids" >&2
  exit 1
}
{ read -r bench; read -r _; } < <("$root/Scripts/bench/build-bench")
peer="$root/Scripts/bench/cluster_peer.py"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
python3 "$peer" generate "$data" --points "$points" --dimension "$dimension" --k "$k" \
  --linkage-points "$linkage_points" --medoid-points "$medoid_points" --medoids "$medoids"
ductus="$data/ductus.tsv" peers="$data/peers.tsv"
peer_env=(env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1)
for round in $(seq "$rounds"); do
  "$bench" cluster kmeans --data "$data/kmeans.f64" --init "$data/init.f64" --dimension "$dimension" \
    --k "$k" --iterations "$iterations" --threads 1 --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" kmeans "$data" --dimension "$dimension" --iterations "$iterations" \
    --threads "$threads" --repetitions "$repetitions" >>"$peers"
  "$bench" cluster linkage --data "$data/linkage.f64" --dimension "$dimension" \
    --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" linkage "$data" --dimension "$dimension" \
    --repetitions "$repetitions" >>"$peers"
  "$bench" cluster kmedoids --data "$data/medoids.f64" --medoids "$data/start.f64" \
    --dimension "$dimension" --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" kmedoids "$data" --dimension "$dimension" \
    --repetitions "$repetitions" >>"$peers"
  "$bench" cluster minibatch --data "$data/kmeans.f64" --init "$data/init.f64" \
    --dimension "$dimension" --batch-size "$batch_size" --iterations 1 --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" minibatch "$data" --dimension "$dimension" \
    --batch-size "$batch_size" --iterations 1 --repetitions "$repetitions" >>"$peers"
  "$bench" cluster dbscan --data "$data/linkage.f64" --dimension "$dimension" --eps "$eps" \
    --min-samples "$min_samples" --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" dbscan "$data" --dimension "$dimension" --eps "$eps" \
    --min-samples "$min_samples" --repetitions "$repetitions" >>"$peers"
  "$bench" cluster hdbscan --data "$data/linkage.f64" --dimension "$dimension" \
    --min-cluster-size "$min_cluster_size" --min-samples "$min_samples" \
    --repetitions "$repetitions" >>"$ductus"
  "${peer_env[@]}" python3 "$peer" hdbscan "$data" --dimension "$dimension" \
    --min-cluster-size "$min_cluster_size" --min-samples "$min_samples" \
    --repetitions "$repetitions" >>"$peers"
done

echo "InkClustering benchmark: k-means ${points} × ${dimension} into ${k}, linkage of ${linkage_points}, FasterPAM ${medoids} of ${medoid_points}; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "threads: k-means ${threads} on both sides (ductus: 1 BLAS thread a block + ParallelLoop); linkage, FasterPAM, mini-batch k-means (batches of ${batch_size}), DBSCAN (eps ${eps}, min samples ${min_samples}) and HDBSCAN (min cluster size ${min_cluster_size}, min samples ${min_samples}) 1"
grep -h '^# ' "$ductus" | grep -v threads | sed 's/^# /ductus: /' | sort -u
grep -h '^# ' "$peers" | sed 's/^# /peer: /' | sort -u
python3 "$(dirname "$0")/ratio_table.py" "$ductus" "$peers" 5 \
  "kmeans_lloyd:kmeans_lloyd:k-means iteration, Lloyd  vs scikit-learn" \
  "kmeans_hamerly:kmeans_lloyd:k-means iteration, Hamerly vs scikit-learn" \
  "linkage_single:linkage_single:linkage single   vs fastcluster" \
  "linkage_complete:linkage_complete:linkage complete vs fastcluster" \
  "linkage_average:linkage_average:linkage average  vs fastcluster" \
  "linkage_ward:linkage_ward:linkage Ward     vs fastcluster" \
  "fasterpam:fasterpam:FasterPAM        vs kmedoids" \
  "minibatch:minibatch:mini-batch k-means, 1 pass vs scikit-learn" \
  "dbscan:dbscan:DBSCAN           vs scikit-learn" \
  "hdbscan:hdbscan:HDBSCAN          vs scikit-learn"
