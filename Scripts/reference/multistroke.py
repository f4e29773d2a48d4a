#!/usr/bin/env python3
"""Reference values for Ductus's multistroke matcher (MultistrokeMatcher), from numpy and
dtaidistance.

Writes Tests/Fixtures/multistroke/cases.json: a few bundled templates (read from
Datasets/templates, the repository's own files), attempts made here from them (jittered,
reordered, reversed, joined), each attempt's signature and its distance to every template.

The signature is computed here independently of the Swift code, from its definition:
- the strokes joined in order; each jump is two points (the previous stroke's end and the next
  stroke's start) with the pen-up channel at W, the ink at 0;
- the bounding box of all points scaled so that its longer side is 1, around its centre;
- n points equally spaced along the x/y arc length, every channel interpolated linearly (a
  target where several rows share an arc length takes the first of them);
- the unit tangent by np.gradient (central differences, one-sided at the ends) times D, zero
  where the gradient is zero.
A template's prototypes: every stroke order (4 strokes or fewer), every combination of stroke
directions, every closed stroke (ends within a tenth of the longer side) started at 8 places
(resampled to 65 points, rotated). The distance is dtaidistance's dtw_ndim.distance (the square
root of the summed squared Euclidean costs) minimised over the prototypes.

Run: python3 Scripts/reference/multistroke.py   (numpy, dtaidistance 2.5)
"""
import itertools
import json
import os

import numpy as np
from dtaidistance import dtw_ndim

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "multistroke")
TEMPLATES = os.path.join(ROOT, "Datasets", "templates")
N, W, D, STARTS = 48, 0.55, 0.3, 8
rng = np.random.default_rng(20261129)


def arc_resample(points, n):
    """n points equally spaced along the x/y arc length; every column interpolated linearly.

    Where points repeat (a jump that starts where a stroke ends, a dot), several rows share an
    arc length; a target there takes the first row at or before it, as the Swift resampler does
    (np.interp leaves ties to its binary search, so it is not used here).
    """
    steps = np.hypot(*np.diff(points[:, :2], axis=0).T)
    lengths = np.concatenate([[0.0], np.cumsum(steps)])
    total = lengths[-1]
    if total == 0:
        return np.repeat(points[:1], n, axis=0)
    targets = [total * k / (n - 1) for k in range(n)]
    targets[-1] = total
    last = len(points) - 1
    out, j = [], 0
    for target in targets:
        while j < last - 1 and lengths[j + 1] < target:
            j += 1
        if target <= lengths[0]:
            out.append(points[0])
        elif target >= lengths[last]:
            out.append(points[last])
        else:
            span = lengths[j + 1] - lengths[j]
            fraction = (target - lengths[j]) / span if span > 0 else 0
            out.append(points[j] + (points[j + 1] - points[j]) * fraction)
    return np.array(out)


def signature(strokes):
    rows = []
    for stroke in strokes:
        if rows:
            rows.append([rows[-1][0], rows[-1][1], W])
            rows.append([stroke[0][0], stroke[0][1], W])
        rows += [[x, y, 0.0] for x, y in stroke]
    path = np.array(rows, dtype=float)
    lo, hi = path[:, :2].min(0), path[:, :2].max(0)
    side = max(hi - lo)
    scale = 1 / side if side > 0 else 1
    path[:, :2] = (path[:, :2] - (lo + hi) / 2) * scale
    sampled = arc_resample(path, N)
    gradient = np.gradient(sampled[:, :2], axis=0)
    length = np.hypot(gradient[:, 0], gradient[:, 1])
    direction = np.where(length[:, None] > 0, gradient / np.where(length > 0, length, 1)[:, None], 0)
    return np.concatenate([sampled, D * direction], axis=1)


def starts(stroke, gap):
    s = np.array(stroke, dtype=float)
    if len(s) < 4 or np.hypot(*(s[-1] - s[0])) > gap:
        return [s]
    ring = arc_resample(s, 8 * STARTS + 1)
    loop = len(ring) - 1
    out = []
    for place in range(STARTS):
        start = place * loop // STARTS
        indices = list(range(start, loop)) + list(range(0, start + 1))
        out.append(ring[indices])
    return out


def prototypes(strokes):
    points = np.concatenate([np.array(s, dtype=float) for s in strokes])
    side = max(points.max(0) - points.min(0))
    options = [starts(s, side / 10) for s in strokes]
    orders = list(itertools.permutations(range(len(strokes)))) if len(strokes) <= 4 else [
        tuple(range(len(strokes)))]
    out = []
    for choice in itertools.product(*options):
        for order in orders:
            for flips in itertools.product([False, True], repeat=len(strokes)):
                written = [choice[i][::-1] if f else choice[i] for i, f in zip(order, flips)]
                out.append(signature([w.tolist() for w in written]))
    return out


def distance(sig, protos):
    return min(dtw_ndim.distance(sig.astype(np.double), p.astype(np.double)) for p in protos)


def template(name, relative):
    data = json.load(open(os.path.join(TEMPLATES, relative)))
    assert data["name"] == name
    return [list(zip(s["x"], s["y"])) for s in data["strokes"]]


def jittered(strokes, amount):
    return [[(x + rng.normal(0, amount), y + rng.normal(0, amount)) for x, y in s] for s in strokes]


def main():
    names = {
        "digits/4": "digits/4.json", "digits/8.loops": "digits/8.loops.json",
        "latin/E": "latin/capital/E.json", "latin/O": "latin/capital/O.json",
        "latin/i": "latin/small/i.json", "latin/l": "latin/small/l.json",
    }
    models = {name: template(name, path) for name, path in names.items()}
    attempts = []
    for name, strokes in models.items():
        dense = [arc_resample(np.array(s, dtype=float), max(8, len(s))).tolist() for s in strokes]
        attempts.append({"label": name, "how": "jittered", "strokes": jittered(dense, 0.8)})
        reordered = [s[::-1] for s in reversed(dense)]
        attempts.append({"label": name, "how": "reordered and reversed",
                         "strokes": jittered(reordered, 0.5)})
    joined = [sum((list(s) for s in models["latin/E"]), [])]
    attempts.append({"label": "latin/E", "how": "joined into one stroke", "strokes": joined})
    attempts.append({"label": "latin/O", "how": "one point", "strokes": [[(3.0, 4.0)]]})
    attempts.append({"label": "latin/l", "how": "duplicate points",
                     "strokes": [[(50.0, 20.0), (50.0, 20.0), (50.0, 70.0), (50.0, 70.0)]]})
    protos = {name: prototypes(strokes) for name, strokes in models.items()}
    for attempt in attempts:
        sig = signature(attempt["strokes"])
        attempt["signature"] = sig.tolist()
        attempt["distances"] = {name: distance(sig, p) for name, p in protos.items()}
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "cases.json"), "w") as out:
        json.dump({
            "sampleCount": N, "penUpWeight": W, "directionWeight": D, "closedStrokeStarts": STARTS,
            "prototypeCounts": {name: len(p) for name, p in protos.items()},
            "attempts": [{k: v if k != "strokes" else [[list(p) for p in s] for s in v]
                          for k, v in a.items()} for a in attempts],
        }, out, indent=1)
        out.write("\n")


if __name__ == "__main__":
    main()
