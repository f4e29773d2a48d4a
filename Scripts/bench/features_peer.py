#!/usr/bin/env python3
"""Peer of the feature benchmark (Scripts/bench/features.sh): the NumPy reference of
Scripts/reference/stroke_features.py timed on Quick, Draw! drawings, and its values compared
with the table `ductus features` wrote for them.

There is no established library that computes Rubine's features or these path statistics, so
the peer is that reference implementation (NumPy arrays, with Python loops where the formulas
walk a path); it is a correctness peer first, and its speed is what a researcher writing the
features in Python would get.

  features_peer.py CORPUS.ndjson DUCTUS.csv N
      reads the first N drawings of a raw Quick, Draw! NDJSON corpus (x, y, t in ms), computes
      their drawing features with the reference, prints
      'features_numpy_reference<TAB><drawings/s>' and a '# value' line with the largest relative
      difference from the first N rows of DUCTUS.csv (ductus features --format csv).
"""
import csv
import importlib.util
import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
spec = importlib.util.spec_from_file_location(
    "stroke_features", os.path.join(ROOT, "Scripts", "reference", "stroke_features.py"))
reference = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reference)


def drawing(record):
    """A Quick, Draw! record as the reference's drawing, as Ductus's reader makes it: each
    stroke created at its first time, offsets in seconds from it, neutral pen."""
    strokes = []
    for xs, ys, ts in record["drawing"]:
        start = ts[0]
        strokes.append({"start": start / 1000, "points": [
            [float(x), float(y), (t - start) / 1000, 1.0, 0.0, math.pi / 2]
            for x, y, t in zip(xs, ys, ts)]})
    return {"strokes": strokes}


def main():
    corpus, table, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open(corpus) as f:
        drawings = [drawing(json.loads(line)) for _, line in zip(range(count), f)]
    start = time.perf_counter()
    values = [reference.features(d)[1] for d in drawings]
    seconds = time.perf_counter() - start
    print(f"features_numpy_reference\t{len(drawings) / seconds:.0f} drawings/s\t"
          f"{len(drawings)} drawings in {seconds:.2f} s, one process")
    worst, where = 0.0, ""
    with open(table) as f:
        for expected, row in zip(values, csv.DictReader(f)):
            for name, value in expected.items():
                got = float(row[name])
                difference = abs(got - value) / max(1.0, abs(value))
                if difference > worst:
                    worst, where = difference, f"{row['key']} {name}"
    print(f"# value: largest relative difference from ductus over {len(values)} drawings: "
          f"{worst:.3g} ({where or 'none'})")


if __name__ == "__main__":
    main()
