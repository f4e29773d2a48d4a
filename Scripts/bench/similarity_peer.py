#!/usr/bin/env python3
"""Peers of the similarity benchmarks (Scripts/bench/similarity.sh).

  similarity_peer.py generate DIR   writes the seeded inputs as raw little-endian float64 n×2 files
  similarity_peer.py run DIR        times the peers on them; prints name<TAB>seconds lines and
                                    '# value' comment lines with the results

Inputs, seeded so that Ductus and the peers see identical numbers: two 1000-sample random-walk
curves (Fréchet); for the directed Hausdorff distance, 10 000 × 10 000 samples three ways: two
random-walk curves (stroke-like), two normal clouds (the usual benchmark, where SciPy takes about
7–19 ms) and two uniform clouds in the unit square (hard for the early break).
"""
import os
import sys
import time

import numpy as np

HAUSDORFF_INPUTS = ["walk", "normal", "uniform"]


def walk(rng, n):
    return np.cumsum(rng.normal(size=(n, 2)), axis=0)


def generate(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(2026)
    draw = {"frechet": lambda: walk(rng, 1000), "hausdorff_walk": lambda: walk(rng, 10000),
            "hausdorff_normal": lambda: rng.normal(size=(10000, 2)),
            "hausdorff_uniform": lambda: rng.uniform(size=(10000, 2))}
    for name, sample in draw.items():
        for side in "ab":
            sample().astype("<f8").tofile(os.path.join(folder, f"{name}_{side}.f64"))


def load(folder, name):
    return [np.fromfile(os.path.join(folder, f"{name}_{side}.f64"), dtype="<f8").reshape(-1, 2)
            for side in "ab"]


def best(repetitions, body):
    fastest, result = float("inf"), None
    for _ in range(repetitions):
        start = time.perf_counter()
        result = body()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest, result


def run(folder):
    import similaritymeasures
    from scipy.spatial.distance import directed_hausdorff
    from tslearn.metrics import frechet

    a, b = load(folder, "frechet")
    frechet(a[:10], b[:10])  # compile the numba kernel before timing
    seconds, value = best(5, lambda: frechet(a, b))
    print(f"frechet_tslearn\t{seconds:.6f}\n# frechet_tslearn value\t{float(value)!r}")
    seconds, value = best(1, lambda: similaritymeasures.frechet_dist(a, b))
    print(f"frechet_similaritymeasures\t{seconds:.6f}\n"
          f"# frechet_similaritymeasures value\t{float(value)!r}")
    for kind in HAUSDORFF_INPUTS:
        a, b = load(folder, f"hausdorff_{kind}")
        seconds, value = best(5, lambda: directed_hausdorff(a, b))
        print(f"hausdorff_{kind}_scipy\t{seconds:.6f}\n# hausdorff_{kind}_scipy value\t{float(value[0])!r}")
        seconds, value = best(5, lambda: max(directed_hausdorff(a, b)[0],
                                             directed_hausdorff(b, a)[0]))
        print(f"hausdorff_symmetric_{kind}_scipy\t{seconds:.6f}\n"
              f"# hausdorff_symmetric_{kind}_scipy value\t{float(value)!r}")

if __name__ == "__main__":
    {"generate": generate, "run": run}[sys.argv[1]](sys.argv[2])
