#!/usr/bin/env python3
"""Peer side of Scripts/bench/kmedoids-dtw.sh: writes the shared inputs from the Quick, Draw!
drawings of quickdraw-dev and times dtaidistance's distance_matrix_fast followed by
kmedoids.fasterpam on them.

  kmedoids_dtw_peer.py generate DIR --quickdraw FOLDER [--points 32] [--k 10] [--seed 1]
  kmedoids_dtw_peer.py run DIR --case drawings|strokes [--points 32] [--radius R] [--repetitions R]

generate writes, for each case, DIR/CASE.f64 (n × 2·points, a row x0, y0, x1, y1, … as
ndarray.tofile) and DIR/CASE-start.f64 (k medoid indices drawn with NumPy from --seed):
`drawings` is each drawing, its strokes joined in order; `strokes` is each stroke of two or
more points alone. Each series is resampled to --points points evenly spaced along its length,
centred on its bounding box and scaled so that the box's larger side is 1.

run prints `name<TAB>seconds<TAB>DTW cells` for the best of the repetitions of the whole job:
the all-pairs DTW matrix (dtaidistance dtw_ndim.distance_matrix_fast, parallel=True, window
R + 1, which is a Sakoe–Chiba radius of R; all cores) then kmedoids.fasterpam from the start
(n_cpu=1, max_iter=100), with the loss as a comment.
"""
import argparse
import json
import os
import time
from pathlib import Path

import numpy as np


def resample(points, count):
    """`count` points evenly spaced along the polyline `points` (m × 2), centred and scaled."""
    steps = np.linalg.norm(np.diff(points, axis=0), axis=1)
    along = np.concatenate([[0], np.cumsum(steps)])
    if along[-1] == 0:
        out = np.repeat(points[:1], count, axis=0).astype(float)
    else:
        at = np.linspace(0, along[-1], count)
        out = np.stack([np.interp(at, along, points[:, c]) for c in range(2)], axis=1)
    low, high = out.min(axis=0), out.max(axis=0)
    out = out - (low + high) / 2
    size = (high - low).max()
    return out / size if size > 0 else out


def generate(args):
    folder = Path(args.dir)
    folder.mkdir(parents=True, exist_ok=True)
    drawings, strokes = [], []
    for path in sorted(Path(args.quickdraw).glob("*.ndjson")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            parts = [np.array(stroke[:2], dtype=float).T for stroke in record["drawing"]]
            drawings.append(resample(np.concatenate(parts), args.points))
            strokes += [resample(p, args.points) for p in parts if len(p) >= 2]
    rng = np.random.default_rng(args.seed)
    for name, series in [("drawings", drawings), ("strokes", strokes)]:
        np.array(series).tofile(folder / f"{name}.f64")
        start = rng.choice(len(series), size=args.k, replace=False)
        start.astype(np.float64).tofile(folder / f"{name}-start.f64")
        print(f"# {name}\t{len(series)} series of {args.points} points, k = {args.k}")


def run(args):
    import kmedoids
    from dtaidistance import dtw_ndim

    folder = Path(args.dir)
    series = np.fromfile(folder / f"{args.case}.f64", dtype="<f8").reshape(-1, args.points, 2)
    start = np.fromfile(folder / f"{args.case}-start.f64", dtype="<f8").astype(np.int64)
    window = None if args.radius < 0 else args.radius + 1
    n = len(series)
    radius = args.points if args.radius < 0 else args.radius
    cells = n * (n - 1) // 2 * sum(
        min(args.points - 1, i + radius) - max(0, i - radius) + 1 for i in range(args.points))
    listed = [s for s in series]
    best, result = float("inf"), None
    for _ in range(args.repetitions):
        begin = time.perf_counter()
        matrix = dtw_ndim.distance_matrix_fast(listed, window=window, parallel=True)
        result = kmedoids.fasterpam(matrix, start.copy(), max_iter=100, n_cpu=1)
        best = min(best, time.perf_counter() - begin)
    print(f"peer_kmedoids_dtw_matrix\t{best:.6f}\t{cells}", flush=True)
    print(f"# peer loss\t{result.loss!r}\tswaps {result.n_swap}\tmedoids "
          f"{sorted(result.medoids.tolist())}\tcores {os.cpu_count()}", flush=True)


def main():
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("generate")
    g.add_argument("dir")
    g.add_argument("--quickdraw", required=True)
    g.add_argument("--points", type=int, default=32)
    g.add_argument("--k", type=int, default=10)
    g.add_argument("--seed", type=int, default=1)
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--case", choices=["drawings", "strokes"], required=True)
    r.add_argument("--points", type=int, default=32)
    r.add_argument("--radius", type=int, default=-1)
    r.add_argument("--repetitions", type=int, default=1)
    args = parser.parse_args()
    generate(args) if args.command == "generate" else run(args)


if __name__ == "__main__":
    main()
