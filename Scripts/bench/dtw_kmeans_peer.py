#!/usr/bin/env python3
"""Peer side of Scripts/bench/dtw-kmeans.sh: writes the shared input and times tslearn's DTW
k-means and k-Shape on it.

  dtw_kmeans_peer.py generate DIR [--series 1000] [--length 32] [--k 8]
  dtw_kmeans_peer.py fit DIR [--length 32] [--iterations 3] [--threads T] [--repetitions R]
  dtw_kmeans_peer.py kshape DIR [--length 32] [--iterations 3] [--repetitions R]

The input is --series 2-D series of --length points, each a warped noisy copy of one of --k
random smooth curves (a resampled drawing's shape), and a start of --k of them, stored as raw
little-endian float64 rows x0, y0, x1, y1, … (ndarray.tofile), which DuctusBench reads. The
result is a `name<TAB>seconds` line, the best of the repetitions, in seconds an iteration:
TimeSeriesKMeans(metric="dtw", init=<start>, n_init=1, tol=0, max_iter=--iterations,
n_jobs=--threads), total time over n_iter_ (DBA centres, tslearn's defaults); and
KShape(init=<the start z-normalised>, n_init=1, tol=0, max_iter=--iterations) of the series
z-normalised by TimeSeriesScalerMeanVariance (untimed), numba's threads set by the caller
(NUMBA_NUM_THREADS).
"""
import argparse
import time
from pathlib import Path

import numpy as np


def generate(args):
    rng = np.random.default_rng(7)
    curves = [(rng.uniform(0.5, 3, (3, 2)), rng.uniform(0, 2 * np.pi, (3, 2)),
               rng.uniform(0.5, 2, (3, 2))) for _ in range(args.k)]
    data = np.empty((args.series, args.length, 2))
    for i, label in enumerate(rng.integers(0, args.k, size=args.series)):
        freqs, phases, amps = curves[label]
        t = np.sort(rng.uniform(0, 1, args.length))
        t = (t - t[0]) / (t[-1] - t[0])
        data[i] = sum(a * np.sin(2 * np.pi * f * t[:, None] + p)
                      for a, f, p in zip(amps, freqs, phases))
        data[i] += rng.normal(0, 0.15, size=(args.length, 2))
    start = data[rng.choice(args.series, size=args.k, replace=False)]
    out = Path(args.dir)
    data.reshape(args.series, -1).tofile(out / "dtw.f64")
    start.reshape(args.k, -1).tofile(out / "dtw-init.f64")
    mean, std = start.mean(axis=1, keepdims=True), start.std(axis=1, keepdims=True)
    ((start - mean) / std).reshape(args.k, -1).tofile(out / "kshape-init.f64")


def fit(args):
    import warnings

    warnings.filterwarnings("ignore")
    import tslearn
    from tslearn.clustering import TimeSeriesKMeans

    out = Path(args.dir)
    data = np.fromfile(out / "dtw.f64").reshape(-1, args.length, 2)
    start = np.fromfile(out / "dtw-init.f64").reshape(-1, args.length, 2)
    model = TimeSeriesKMeans(n_clusters=len(start), metric="dtw", init=start, n_init=1, tol=0,
                             max_iter=args.iterations, n_jobs=args.threads)
    model.fit(data[:20])  # compiles tslearn's numba kernels, untimed
    best = float("inf")
    for _ in range(args.repetitions):
        begin = time.perf_counter()
        model.fit(data)
        best = min(best, (time.perf_counter() - begin) / model.n_iter_)
    print(f"dtwkmeans\t{best:.6f}", flush=True)
    print(f"# tslearn {tslearn.__version__} n_jobs {args.threads}\titerations {model.n_iter_}"
          f"\tinertia {model.inertia_}", flush=True)


def kshape(args):
    import warnings

    warnings.filterwarnings("ignore")
    import tslearn
    from tslearn.clustering import KShape
    from tslearn.preprocessing import TimeSeriesScalerMeanVariance

    out = Path(args.dir)
    data = np.fromfile(out / "dtw.f64").reshape(-1, args.length, 2)
    data = TimeSeriesScalerMeanVariance().fit_transform(data)
    start = np.fromfile(out / "kshape-init.f64").reshape(-1, args.length, 2)
    model = KShape(n_clusters=len(start), init=start, n_init=1, tol=0, max_iter=args.iterations)
    model.fit(data[:40])  # compiles tslearn's numba kernels, untimed
    best = float("inf")
    for _ in range(args.repetitions):
        begin = time.perf_counter()
        model.fit(data)
        best = min(best, (time.perf_counter() - begin) / model.n_iter_)
    print(f"kshape\t{best:.6f}", flush=True)
    print(f"# tslearn {tslearn.__version__} kshape\titerations {model.n_iter_}"
          f"\tinertia {model.inertia_}", flush=True)


parser = argparse.ArgumentParser()
parser.add_argument("command", choices=["generate", "fit", "kshape"])
parser.add_argument("dir")
parser.add_argument("--series", type=int, default=1000)
parser.add_argument("--length", type=int, default=32)
parser.add_argument("--k", type=int, default=8)
parser.add_argument("--iterations", type=int, default=3)
parser.add_argument("--threads", type=int, default=1)
parser.add_argument("--repetitions", type=int, default=1)
args = parser.parse_args()
{"generate": generate, "fit": fit, "kshape": kshape}[args.command](args)
