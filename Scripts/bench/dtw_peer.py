#!/usr/bin/env python3
"""Peer side of Scripts/bench/dtw.sh: writes the shared inputs and times dtaidistance (C) and
tslearn (numba) on them.

  dtw_peer.py generate DIR [--length 1000] [--strokes 500] [--points 128]
  dtw_peer.py pair DIR [--repetitions R]
  dtw_peer.py allpairs DIR [--radius R] [--tslearn-strokes 100]
  dtw_peer.py frechet DIR [--tslearn-strokes 100] [--similaritymeasures-strokes 20]

Inputs: pair_a.f64 and pair_b.f64 (length × 2, seeded 2-D random walks) and strokes.f64
(strokes × points × 2), raw little-endian float64 with x and y interleaved, as
ndarray.tofile writes them; DuctusBench reads the same files. Results are
`name<TAB>seconds<TAB>cells<TAB>threads[<TAB>processor seconds]` lines (best of the
repetitions; processor time of all threads, time.process_time). dtaidistance's
all-pairs run uses distance_matrix_fast(parallel=True) (OpenMP, all cores); tslearn's cdist_dtw
runs with n_jobs=-1 on the first --tslearn-strokes strokes only (it is slow) and its cells are
counted for that subset. The discrete Fréchet peers have no matrix call: tslearn's `frechet`
(numba) and similaritymeasures' `frechet_dist` (Python loops) run pair by pair on one thread,
on the first --tslearn-strokes and --similaritymeasures-strokes strokes.
"""
import argparse
import os
import time
from pathlib import Path

import numpy as np
from dtaidistance import dtw_ndim
from tslearn.metrics import cdist_dtw, dtw as tslearn_dtw


def best_of(repetitions, function, processor=None):
    """The best wall time and the last result; the best processor time (all threads) goes into
    the `processor` list when one is given."""
    best = float("inf")
    best_processor = float("inf")
    result = None
    for _ in range(repetitions):
        start, processor_start = time.perf_counter(), time.process_time()
        result = function()
        best = min(best, time.perf_counter() - start)
        best_processor = min(best_processor, time.process_time() - processor_start)
    if processor is not None:
        processor.append(best_processor)
    return best, result


def report(name, seconds, cells, threads=1, processor_seconds=None):
    fields = [name, f"{seconds:.6f}", str(cells), str(threads)]
    if processor_seconds is not None:
        fields.append(f"{processor_seconds:.6f}")
    print("\t".join(fields), flush=True)


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
    processor = []
    seconds, matrix = best_of(args.repetitions, lambda: dtw_ndim.distance_matrix_fast(
        series, window=window, parallel=True, only_triu=True), processor)
    report("dtaidistance_allpairs", seconds, cells, os.cpu_count(), processor[0])
    print(f"# m[0,1]\t{matrix[0, 1]!r}")
    subset = strokes[:args.tslearn_strokes]
    k = len(subset)
    kw = {} if args.radius < 0 else dict(global_constraint="sakoe_chiba",
                                          sakoe_chiba_radius=args.radius)
    cdist_dtw(subset[:3], n_jobs=-1, **kw)  # compile first
    processor = []
    seconds, _ = best_of(1, lambda: cdist_dtw(subset, n_jobs=-1, **kw), processor)
    report("tslearn_allpairs", seconds, k * (k - 1) // 2 * args.points * args.points,
           os.cpu_count(), processor[0])


def frechet(args):
    import similaritymeasures
    from tslearn.metrics import frechet as tslearn_frechet
    strokes = np.fromfile(Path(args.dir) / "strokes.f64", dtype="<f8")
    strokes = strokes.reshape(-1, args.points, 2)
    tslearn_frechet(strokes[0][:10], strokes[1][:10])  # compile first
    for name, function, count in [
            ("tslearn", tslearn_frechet, args.tslearn_strokes),
            ("similaritymeasures", similaritymeasures.frechet_dist,
             args.similaritymeasures_strokes)]:
        subset = strokes[:count]
        pairs = [(i, j) for i in range(len(subset)) for j in range(i + 1, len(subset))]
        processor = []
        seconds, values = best_of(
            1, lambda: [function(subset[i], subset[j]) for i, j in pairs], processor)
        report(f"{name}_frechet_allpairs", seconds, len(pairs) * args.points * args.points, 1,
               processor[0])
        print(f"# m[0,1]\t{values[0]!r}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["generate", "pair", "allpairs", "frechet"])
    parser.add_argument("dir")
    parser.add_argument("--length", type=int, default=1000)
    parser.add_argument("--strokes", type=int, default=500)
    parser.add_argument("--points", type=int, default=128)
    parser.add_argument("--radius", type=int, default=-1)
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--tslearn-strokes", type=int, default=100)
    parser.add_argument("--similaritymeasures-strokes", type=int, default=20)
    args = parser.parse_args()
    {"generate": generate, "pair": pair, "allpairs": allpairs,
     "frechet": frechet}[args.command](args)


if __name__ == "__main__":
    main()
