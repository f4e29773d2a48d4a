#!/usr/bin/env python3
"""Peers of the similarity benchmarks (Scripts/bench/similarity.sh).

  similarity_peer.py generate DIR   writes the seeded inputs as raw little-endian float64 n×2 files
  similarity_peer.py run DIR        times the peers on them; prints name<TAB>seconds lines and
                                    '# value' comment lines with the results

Inputs: two 1000-sample random-walk curves (Fréchet) and two 10 000-sample random-walk curves
(directed Hausdorff), seeded, so that Ductus and the peers see identical numbers.
"""
import os
import sys
import time

import numpy as np

SIZES = {"frechet": 1000, "hausdorff": 10000}


def walk(rng, n):
    return np.cumsum(rng.normal(size=(n, 2)), axis=0)


def generate(folder):
    os.makedirs(folder, exist_ok=True)
    rng = np.random.default_rng(2026)
    for name, n in SIZES.items():
        for side in "ab":
            walk(rng, n).astype("<f8").tofile(os.path.join(folder, f"{name}_{side}.f64"))


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
    print(f"frechet_similaritymeasures\t{seconds:.6f}\n# frechet_similaritymeasures value\t{float(value)!r}")
    a, b = load(folder, "hausdorff")
    seconds, value = best(5, lambda: directed_hausdorff(a, b))
    print(f"hausdorff_scipy\t{seconds:.6f}\n# hausdorff_scipy value\t{float(value[0])!r}")
    seconds, value = best(5, lambda: max(directed_hausdorff(a, b)[0], directed_hausdorff(b, a)[0]))
    print(f"hausdorff_symmetric_scipy\t{seconds:.6f}\n# hausdorff_symmetric_scipy value\t{float(value)!r}")


if __name__ == "__main__":
    {"generate": generate, "run": run}[sys.argv[1]](sys.argv[2])
