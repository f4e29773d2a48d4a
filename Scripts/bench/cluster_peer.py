#!/usr/bin/env python3
"""Peer side of Scripts/bench/cluster.sh: writes the shared inputs and times scikit-learn's
KMeans (Lloyd) and MiniBatchKMeans, fastcluster's linkage, kmedoids' FasterPAM and
scikit-learn's DBSCAN and HDBSCAN on them.

  cluster_peer.py generate DIR [--points 100000] [--dimension 32] [--k 16]
                               [--linkage-points 5000] [--medoid-points 5000] [--medoids 20]
  cluster_peer.py kmeans DIR [--dimension 32] [--iterations 20] [--threads T] [--repetitions R]
  cluster_peer.py linkage DIR [--dimension 32] [--repetitions R]
  cluster_peer.py kmedoids DIR [--dimension 32] [--repetitions R]
  cluster_peer.py minibatch DIR [--dimension 32] [--batch-size 1024] [--iterations 1] [--repetitions R]
  cluster_peer.py dbscan DIR [--dimension 32] [--eps E] [--min-samples M] [--repetitions R]
  cluster_peer.py hdbscan DIR [--dimension 32] [--min-cluster-size C] [--min-samples M]
                              [--repetitions R]

Inputs are seeded Gaussian blobs stored as raw little-endian float64 (ndarray.tofile), which
DuctusBench reads. Results are `name<TAB>seconds` lines, the best of the repetitions: k-means
in seconds an iteration (KMeans(init=<start>, n_init=1, tol=0, algorithm="lloyd"), total time
over n_iter_), linkage on the condensed Euclidean matrix (computed once, untimed), FasterPAM
single-threaded (n_cpu=1) on the square matrix from the given start; MiniBatchKMeans a whole
run from the k-means start (reassignment_ratio=0, tol=0, max_no_improvement=None, so
--iterations passes of batches) with its final labels; DBSCAN of the linkage points
(brute-force neighbours, n_jobs=1); HDBSCAN of the same points (its default algorithm: k-d
tree core distances and Prim's tree on the features, excess of mass). Threads are limited to
one for the last three.
"""
import argparse
import time
from pathlib import Path

import numpy as np


def best_of(repetitions, function):
    best, result = float("inf"), None
    for _ in range(repetitions):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def report(name, seconds):
    print(f"{name}\t{seconds:.6f}", flush=True)


def blobs(rng, n, d, centres):
    means = rng.uniform(-10, 10, size=(centres, d))
    return means[rng.integers(0, centres, size=n)] + rng.normal(0, 3, size=(n, d))


def generate(args):
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20261202)
    x = blobs(rng, args.points, args.dimension, args.k)
    x.tofile(folder / "kmeans.f64")
    x[rng.choice(args.points, size=args.k, replace=False)].tofile(folder / "init.f64")
    blobs(rng, args.linkage_points, args.dimension, 12).tofile(folder / "linkage.f64")
    blobs(rng, args.medoid_points, args.dimension, args.medoids).tofile(folder / "medoids.f64")
    start = rng.choice(args.medoid_points, size=args.medoids, replace=False).astype(float)
    start.tofile(folder / "start.f64")


def load(folder, name, dimension):
    return np.fromfile(Path(folder) / name, dtype="<f8").reshape(-1, dimension)


def kmeans(args):
    from sklearn.cluster import KMeans
    from threadpoolctl import threadpool_limits
    x = load(args.dir, "kmeans.f64", args.dimension)
    start = load(args.dir, "init.f64", args.dimension)
    with threadpool_limits(limits=args.threads):
        def fit():
            return KMeans(n_clusters=len(start), init=start, n_init=1, tol=0,
                          max_iter=args.iterations, algorithm="lloyd").fit(x)
        best = float("inf")
        for _ in range(args.repetitions):
            began = time.perf_counter()
            model = fit()
            best = min(best, (time.perf_counter() - began) / model.n_iter_)
    report("kmeans_lloyd", best)
    print(f"# sklearn lloyd\titerations {model.n_iter_}\tinertia {model.inertia_}", flush=True)


def linkage(args):
    import fastcluster
    from scipy.spatial.distance import pdist
    condensed = pdist(load(args.dir, "linkage.f64", args.dimension))
    for method in ["single", "complete", "average", "ward"]:
        seconds, z = best_of(args.repetitions, lambda: fastcluster.linkage(condensed, method))
        report(f"linkage_{method}", seconds)
        print(f"# {method} root height\t{z[-1, 2]}", flush=True)


def kmedoids_case(args):
    import kmedoids
    from scipy.spatial.distance import pdist, squareform
    diss = squareform(pdist(load(args.dir, "medoids.f64", args.dimension)))
    start = np.fromfile(Path(args.dir) / "start.f64", dtype="<f8").astype(np.int64)
    seconds, result = best_of(
        args.repetitions, lambda: kmedoids.fasterpam(diss, start.copy(), max_iter=100, n_cpu=1))
    report("fasterpam", seconds)
    print(f"# fasterpam loss\t{result.loss}\tswaps {result.n_swap}", flush=True)


def minibatch(args):
    from sklearn.cluster import MiniBatchKMeans
    from threadpoolctl import threadpool_limits
    x = load(args.dir, "kmeans.f64", args.dimension)
    start = load(args.dir, "init.f64", args.dimension)
    with threadpool_limits(limits=1):
        seconds, model = best_of(args.repetitions, lambda: MiniBatchKMeans(
            n_clusters=len(start), init=start, n_init=1, batch_size=args.batch_size,
            max_iter=args.iterations, tol=0, max_no_improvement=None, reassignment_ratio=0,
            random_state=0).fit(x))
    report("minibatch", seconds)
    print(f"# sklearn minibatch\tsteps {model.n_steps_}\tinertia {model.inertia_}", flush=True)


def dbscan(args):
    from sklearn.cluster import DBSCAN
    from threadpoolctl import threadpool_limits
    x = load(args.dir, "linkage.f64", args.dimension)
    with threadpool_limits(limits=1):
        seconds, model = best_of(args.repetitions, lambda: DBSCAN(
            eps=args.eps, min_samples=args.min_samples, algorithm="brute", n_jobs=1).fit(x))
    labels = model.labels_
    report("dbscan", seconds)
    print(f"# sklearn dbscan\tclusters {labels.max() + 1}\tnoise {(labels < 0).sum()}", flush=True)


def hdbscan(args):
    from sklearn.cluster import HDBSCAN
    from threadpoolctl import threadpool_limits
    x = load(args.dir, "linkage.f64", args.dimension)
    with threadpool_limits(limits=1):
        seconds, model = best_of(args.repetitions, lambda: HDBSCAN(
            min_cluster_size=args.min_cluster_size, min_samples=args.min_samples,
            n_jobs=1, copy=True).fit(x))
    labels = model.labels_
    report("hdbscan", seconds)
    print(f"# sklearn hdbscan\tclusters {labels.max() + 1}\tnoise {(labels < 0).sum()}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=["generate", "kmeans", "linkage", "kmedoids", "minibatch",
                                         "dbscan", "hdbscan"])
    parser.add_argument("dir")
    parser.add_argument("--points", type=int, default=100000)
    parser.add_argument("--dimension", type=int, default=32)
    parser.add_argument("--k", type=int, default=16)
    parser.add_argument("--linkage-points", type=int, default=5000)
    parser.add_argument("--medoid-points", type=int, default=5000)
    parser.add_argument("--medoids", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--batch-size", type=int, default=1024)
    parser.add_argument("--eps", type=float, default=20.0)
    parser.add_argument("--min-samples", type=int, default=10)
    parser.add_argument("--min-cluster-size", type=int, default=25)
    args = parser.parse_args()
    {"generate": generate, "kmeans": kmeans, "linkage": linkage, "kmedoids": kmedoids_case,
     "minibatch": minibatch, "dbscan": dbscan,
     "hdbscan": hdbscan}[args.case](args)


if __name__ == "__main__":
    main()
