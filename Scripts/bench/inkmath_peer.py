#!/usr/bin/env python3
"""Peer side of Scripts/bench/inkmath.sh: writes the shared inputs and times NumPy, SciPy and
scikit-learn on them.

  inkmath_peer.py generate DIR [--rows 20000] [--pca-rows 100000] [--dimension 128]
  inkmath_peer.py distances DIR [--threads T] [--cdist-rows 1000]
  inkmath_peer.py pca DIR [--threads T]

Inputs are seeded standard-normal matrices stored as raw little-endian float64 (ndarray.tofile),
which DuctusBench reads. Results are `name<TAB>seconds` lines, the best of the repetitions;
cdist is timed on the first --cdist-rows rows of X and scaled up to the full row count (0 skips
it).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np


def best_of(repetitions, function):
    best = float("inf")
    for _ in range(repetitions):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
        del result
    return best


def report(name, seconds):
    print(f"{name}\t{seconds:.6f}", flush=True)


def generate(args):
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20240607)
    rng.standard_normal((args.rows, args.dimension)).tofile(folder / "x.f64")
    rng.standard_normal((args.rows, args.dimension)).tofile(folder / "y.f64")
    # Correlated features, so that the principal axes are well separated.
    data = rng.standard_normal((args.pca_rows, args.dimension))
    data = data @ rng.standard_normal((args.dimension, args.dimension)) + 5.0
    data.tofile(folder / "pca.f64")


def load(folder, name, dimension):
    return np.fromfile(Path(folder) / name, dtype="<f8").reshape(-1, dimension)


def gemm_identity(x, y):
    """NumPy's GEMM route, in place: one output matrix of memory like DuctusBench."""
    d = x @ y.T
    d *= -2.0
    d += np.einsum("ij,ij->i", x, x)[:, None]
    d += np.einsum("ij,ij->i", y, y)[None, :]
    np.maximum(d, 0.0, out=d)
    np.sqrt(d, out=d)
    return d


def distances(args):
    from scipy.spatial.distance import cdist

    x = load(args.dir, "x.f64", args.dimension)
    y = load(args.dir, "y.f64", args.dimension)
    report("euclidean_xy", best_of(args.repetitions, lambda: gemm_identity(x, y)))
    report("euclidean_xx", best_of(args.repetitions, lambda: gemm_identity(x, x)))
    if args.cdist_rows > 0:
        part = x[: args.cdist_rows]
        seconds = best_of(1, lambda: cdist(part, y, "euclidean"))
        report("cdist_xy", seconds * x.shape[0] / part.shape[0])


def pca(args):
    from sklearn.decomposition import PCA

    data = load(args.dir, "pca.f64", args.dimension)
    for solver, name in (("covariance_eigh", "covarianceEigh"), ("full", "fullSVD")):
        report(f"pca_{name}", best_of(args.repetitions, lambda: PCA(svd_solver=solver).fit(data)))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("case", choices=["generate", "distances", "pca"])
    parser.add_argument("dir")
    parser.add_argument("--rows", type=int, default=20000)
    parser.add_argument("--pca-rows", type=int, default=100000)
    parser.add_argument("--dimension", type=int, default=128)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--cdist-rows", type=int, default=1000)
    args = parser.parse_args()
    if args.case == "generate":
        generate(args)
        return
    from threadpoolctl import threadpool_info, threadpool_limits

    with threadpool_limits(limits=args.threads):
        {"distances": distances, "pca": pca}[args.case](args)
        for pool in threadpool_info():
            if pool.get("internal_api") == "openblas":
                print(f"# threads\t{pool['num_threads']}\tOpenBLAS {pool.get('version')} "
                      f"(kernel {pool.get('architecture')}, {pool.get('filepath')})")


if __name__ == "__main__":
    sys.exit(main())
