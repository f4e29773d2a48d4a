#!/usr/bin/env python3
"""The Python peer of Scripts/bench/multistroke.sh: the multistroke matcher's ranking with numpy
and dtaidistance's C DTW, on the inputs this script writes.

  multistroke_peer.py generate DIR      models.json (the digit and capital templates of
                                        Datasets/templates with their variants) and
                                        attempts.json (jittered, reordered, reversed copies)
  multistroke_peer.py rank DIR [--repetitions R]
                                        prints name<TAB>seconds<TAB>count lines (the best of R)
                                        and writes DIR/nearest_peer.txt, one model name a line

The signature and prototypes are those of Scripts/reference/multistroke.py (imported); the
distance is dtw_ndim.distance_fast with max_dist set to the best distance so far, as Ductus
abandons early. One thread on both sides.
"""
import json
import os
import sys
import time

import numpy as np
from dtaidistance import dtw_ndim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Scripts", "reference"))
import multistroke as reference  # noqa: E402

TEMPLATES = os.path.join(ROOT, "Datasets", "templates")


def generate(folder):
    rng = np.random.default_rng(7)
    models = []
    for sub in ["digits", "latin/capital"]:
        for file in sorted(os.listdir(os.path.join(TEMPLATES, sub))):
            data = json.load(open(os.path.join(TEMPLATES, sub, file)))
            models.append({"name": data["name"],
                           "strokes": [list(zip(s["x"], s["y"])) for s in data["strokes"]]})
    attempts = []
    for k in range(400):
        model = models[rng.integers(len(models))]
        strokes = [np.array(s, dtype=float) for s in model["strokes"]]
        strokes = [reference.arc_resample(s, max(12, len(s))) for s in strokes]
        if rng.random() < 0.3:
            strokes = strokes[::-1]
        strokes = [s[::-1] if rng.random() < 0.3 else s for s in strokes]
        strokes = [(s + rng.normal(0, 1.2, s.shape)) * 2.5 + 40 for s in strokes]
        attempts.append({"label": model["name"], "strokes": [s.tolist() for s in strokes]})
    os.makedirs(folder, exist_ok=True)
    json.dump(models, open(os.path.join(folder, "models.json"), "w"))
    json.dump(attempts, open(os.path.join(folder, "attempts.json"), "w"))


def rank(folder, repetitions):
    models = json.load(open(os.path.join(folder, "models.json")))
    attempts = json.load(open(os.path.join(folder, "attempts.json")))
    best_prepare, best_rank, nearest = float("inf"), float("inf"), []
    for _ in range(repetitions):
        start = time.perf_counter()
        prototypes = [[p.astype(np.double) for p in reference.prototypes(m["strokes"])]
                      for m in models]
        best_prepare = min(best_prepare, time.perf_counter() - start)
        start = time.perf_counter()
        nearest = []
        for attempt in attempts:
            sig = reference.signature(attempt["strokes"]).astype(np.double)
            best, name = float("inf"), None
            for model, protos in zip(models, prototypes):
                for p in protos:
                    d = dtw_ndim.distance_fast(sig, p, max_dist=best if best < float("inf") else None)
                    if d < best:
                        best, name = d, model["name"]
            nearest.append(name)
        best_rank = min(best_rank, time.perf_counter() - start)
    count = sum(len(p) for p in prototypes)
    print(f"multistroke_prototypes_peer\t{best_prepare}\t{count}")
    print(f"multistroke_rank_peer\t{best_rank}\t{len(attempts)}")
    with open(os.path.join(folder, "nearest_peer.txt"), "w") as out:
        out.write("\n".join(nearest) + "\n")


if __name__ == "__main__":
    if sys.argv[1] == "generate":
        generate(sys.argv[2])
    else:
        reps = int(sys.argv[sys.argv.index("--repetitions") + 1]) if "--repetitions" in sys.argv else 3
        rank(sys.argv[2], reps)
