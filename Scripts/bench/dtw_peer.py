#!/usr/bin/env python3
"""Peer side of Scripts/bench/dtw.sh: writes the shared inputs and times dtaidistance (C) and
tslearn (numba) on them.

  dtw_peer.py generate DIR [--length 1000] [--strokes 500] [--points 128]
  dtw_peer.py pair DIR [--repetitions R]
  dtw_peer.py allpairs DIR [--radius R] [--tslearn-strokes 100]

Inputs: pair_a.f64 and pair_b.f64 (length × 2, seeded 2-D random walks) and strokes.f64
(strokes × points × 2), raw little-endian float64 with x and y interleaved, as
ndarray.tofile writes them; DuctusBench reads the same files. Results are
`name<TAB>seconds<TAB>cells` lines (best of the repetitions). dtaidistance's all-pairs run uses
distance_matrix_fast(parallel=True) (OpenMP, all cores); tslearn's cdist_dtw runs with
n_jobs=-1 on the first --tslearn-strokes strokes only (it is slow) and its cells are counted
for that subset.
"""
import argparse
import time
from pathlib import Path

import numpy as np
from dtaidistance import dtw_ndim
from tslearn.metrics import cdist_dtw, dtw as tslearn_dtw


def best_of(repetitions, function):
    best = float("inf")
    result = None
    for _ in range(repetitions):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result


def report(name, seconds, cells):
    print(f"{name}\t{seconds:.6f}\t{cells}", flush=True)


def generate(args):
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(20240611)
    for name in ["pair_a.f64", "pair_b.f64"]:
        np.cumsum(rng.normal(size=(args.length, 2)), axis=0).tofile(folder / name)
    np.cumsum(rng.normal(size=(args.strokes, args.points, 2)), axis=1).tofile(folder / "strokes.f64")


def pair(args):
    a = np.fromfile(Path(args.dir) / "pair_a.f64", dtype="<f8").reshape(-1, 2)
    b = np.fromfile(Path(args.dir) / "pair_b.f64", dtype="<f8").reshape(-1, 2)
    cells = len(a) * len(b)
    seconds, d = best_of(args.repetitions, lambda: dtw_ndim.distance_fast(a, b))
    report("dtaidistance_pair", seconds, cells)
    tslearn_dtw(a[:10], b[:10])  # compile the numba kernel first
    seconds, t = best_of(args.repetitions, lambda: tslearn_dtw(a, b))
    report("tslearn_pair", seconds, cells)
    print(f"# distance\t{d!r}\t{t!r}")


def allpairs(args):
    strokes = np.fromfile(Path(args.dir) / "strokes.f64", dtype="<f8")
    strokes = strokes.reshape(-1, args.points, 2)
    n = len(strokes)
    window = None if args.radius < 0 else args.radius + 1
    cells = n * (n - 1) // 2 * args.points * args.points
    series = [s for s in strokes]
    seconds, matrix = best_of(args.repetitions, lambda: dtw_ndim.distance_matrix_fast(
        series, window=window, parallel=True, only_triu=True))
    report("dtaidistance_allpairs", seconds, cells)
    print(f"# m[0,1]\t{matrix[0, 1]!r}")
    subset = strokes[:args.tslearn_strokes]
    k = len(subset)
    kw = {} if args.radius < 0 else dict(global_constraint="sakoe_chiba",
                                          sakoe_chiba_radius=args.radius)
    cdist_dtw(subset[:3], n_jobs=-1, **kw)  # compile first
    seconds, _ = best_of(1, lambda: cdist_dtw(subset, n_jobs=-1, **kw))
    report("tslearn_allpairs", seconds, k * (k - 1) // 2 * args.points * args.points)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["generate", "pair", "allpairs"])
    parser.add_argument("dir")
    parser.add_argument("--length", type=int, default=1000)
    parser.add_argument("--strokes", type=int, default=500)
    parser.add_argument("--points", type=int, default=128)
    parser.add_argument("--radius", type=int, default=-1)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--tslearn-strokes", type=int, default=100)
    args = parser.parse_args()
    {"generate": generate, "pair": pair, "allpairs": allpairs}[args.command](args)


if __name__ == "__main__":
    main()
