#!/usr/bin/env python3
"""Reference values for InkDistances's curve similarity measures.

Writes Tests/Fixtures/similarity/reference.json from the established peers on seeded random
curves and on a few $1 unistroke gestures (read from the shared data set, which the fixture names
by path but does not copy):

- discrete Fréchet: similaritymeasures.frechet_dist, checked against tslearn.metrics.frechet
- directed Hausdorff: scipy.spatial.distance.directed_hausdorff (distance and indices)
- mean nearest-point distance: scipy.spatial.cKDTree
- area between curves, PCM, curve length measure: similaritymeasures
- $P cloud distance: a line-by-line port of the pseudocode of Vatavu, Anthony and Wobbrock (2012)
  (no packaged peer exists)
- turning-function distance: an independent NumPy evaluation on the union of breakpoints
  (no packaged peer exists), checked against a dense grid of starting points for closed curves

Usage: python3 Scripts/reference/similarity.py [shared-root]   (default: ../shared beside the repo)
"""
import json
import math
import os
import re
import sys
import warnings

import numpy as np
import similaritymeasures as sm
from scipy.spatial import cKDTree
from scipy.spatial.distance import directed_hausdorff
from tslearn.metrics import frechet as tslearn_frechet

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(REPO), "shared")
OUT = os.path.join(REPO, "Tests", "Fixtures", "similarity", "reference.json")


def guarded(function):
    """The peer's value, or None when it fails or is not finite."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = float(function())
        return value if math.isfinite(value) else None
    except Exception:
        return None


def p_dollar(a, b, epsilon=0.5):
    """GreedyCloudMatch of $P (Vatavu, Anthony, Wobbrock 2012), Euclidean distances."""
    n = len(a)

    def cloud_distance(p1, p2, start):
        matched = [False] * n
        total = 0.0
        i = start
        while True:
            index, nearest = -1, math.inf
            for j in range(n):
                if not matched[j]:
                    d = math.sqrt((p1[i][0] - p2[j][0]) ** 2 + (p1[i][1] - p2[j][1]) ** 2)
                    if d < nearest:
                        nearest, index = d, j
            matched[index] = True
            total += (1 - ((i - start + n) % n) / n) * nearest
            i = (i + 1) % n
            if i == start:
                return total

    step = max(1, math.floor(n ** (1 - epsilon)))
    return min(min(cloud_distance(a, b, i), cloud_distance(b, a, i)) for i in range(0, n, step))


def turning(points, closed):
    """Breakpoints (normalised arc length), angles, period turning of a polyline."""
    p = np.asarray(points, dtype=float)
    q = np.roll(p, -1, axis=0) if closed else p[1:]
    e = (q - p[: len(q)])
    e = e[(e[:, 0] != 0) | (e[:, 1] != 0)]
    lengths = np.hypot(e[:, 0], e[:, 1])
    turns = np.arctan2(e[:-1, 0] * e[1:, 1] - e[:-1, 1] * e[1:, 0],
                       e[:-1, 0] * e[1:, 0] + e[:-1, 1] * e[1:, 1])
    angles = math.atan2(e[0, 1], e[0, 0]) + np.concatenate([[0.0], np.cumsum(turns)])
    starts = np.concatenate([[0.0], np.cumsum(lengths)[:-1] / lengths.sum()])
    period = None
    if closed:
        last = math.atan2(e[-1, 0] * e[0, 1] - e[-1, 1] * e[0, 0],
                          e[-1, 0] * e[0, 0] + e[-1, 1] * e[0, 1])
        period = angles[-1] + last - angles[0]
    return starts, angles, period


def turning_squared(fa, fb, shift):
    """min over rotation of ∫(Θa(s+shift) − Θb(s))², evaluated on the union of breakpoints."""
    sa, aa, period = fa
    sb, ab, _ = fb
    shifted = np.concatenate([sa - shift, sa + 1 - shift])
    cuts = np.union1d(np.concatenate([shifted[(shifted > 0) & (shifted < 1)], sb]), [0.0, 1.0])
    mids = (cuts[:-1] + cuts[1:]) / 2
    widths = np.diff(cuts)
    u = mids + shift
    laps = np.floor(u)
    va = aa[np.searchsorted(sa, u - laps, side="right") - 1] + laps * (period or 0.0)
    vb = ab[np.searchsorted(sb, mids, side="right") - 1]
    f = va - vb
    return float(np.sum(f * f * widths) - np.sum(f * widths) ** 2)


def turning_distance(a, b, closed):
    fa, fb = turning(a, closed), turning(b, closed)
    if not closed:
        return math.sqrt(max(0.0, turning_squared(fa, fb, 0.0)))
    shifts = {(x - y) % 1.0 for x in fa[0] for y in fb[0]}
    best = min(turning_squared(fa, fb, t) for t in shifts)
    grid = min(turning_squared(fa, fb, t) for t in np.linspace(0, 1, 2001)[:-1])
    assert best <= grid + 1e-9, (best, grid)
    return math.sqrt(max(0.0, best))


def length(points):
    p = np.asarray(points)
    return float(np.sum(np.hypot(*np.diff(p, axis=0).T))) if len(p) > 1 else 0.0


def measures(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    frechet = sm.frechet_dist(a, b)
    assert abs(frechet - tslearn_frechet(a, b)) <= 1e-12 * max(1.0, frechet)
    ab, ba = directed_hausdorff(a, b), directed_hausdorff(b, a)
    near_ab = float(np.mean(cKDTree(b).query(a)[0]))
    near_ba = float(np.mean(cKDTree(a).query(b)[0]))
    la, lb = length(a), length(b)
    big = len(a) >= 2 and len(b) >= 2
    values = {
        "discreteFrechet": float(frechet),
        "directedHausdorffAB": [float(ab[0]), int(ab[1]), int(ab[2])],
        "directedHausdorffBA": [float(ba[0]), int(ba[1]), int(ba[2])],
        "hausdorff": float(max(ab[0], ba[0])),
        "meanNearestAB": near_ab,
        "meanNearest": (near_ab + near_ba) / 2,
        "areaBetween": guarded(lambda: sm.area_between_two_curves(a, b)) if big else None,
        "pcm": guarded(lambda: sm.pcm(a, b)) if big else None,
        "pcmNormalizedSegments": guarded(lambda: sm.pcm(a, b, norm_seg_length=True))
        if big else None,
        "curveLengthMeasure": guarded(lambda: sm.curve_length_measure(a, b))
        if len(a) >= 2 and a[:, 0].mean() > 0 and a[:, 1].mean() > 0 else None,
        "lengthRatio": 1.0 if max(la, lb) == 0 else min(la, lb) / max(la, lb),
        "turningOpen": guarded(lambda: turning_distance(a, b, False)),
        "turningClosed": guarded(lambda: turning_distance(a, b, True)),
    }
    if len(a) == len(b):
        values["pointCloud"] = p_dollar(a.tolist(), b.tolist())
    return values


def random_walk(rng, n, origin=(10.0, 10.0)):
    steps = rng.normal(size=(n, 2))
    return np.asarray(origin) + np.cumsum(steps, axis=0)


def synthetic_cases():
    rng = np.random.default_rng(20261129)
    cases = []
    for n, m in [(1, 1), (1, 7), (9, 1), (2, 2), (10, 10), (32, 32), (50, 37), (200, 13),
                 (13, 200), (120, 120), (300, 3)]:
        cases.append((f"walk-{n}x{m}", random_walk(rng, n), random_walk(rng, m)))
    for n, m in [(16, 16), (40, 25)]:
        cases.append((f"uniform-{n}x{m}", rng.uniform(1, 5, size=(n, 2)), rng.uniform(1, 5, (m, 2))))
    walk = random_walk(rng, 30)
    cases.append(("duplicates", np.repeat(walk, 2, axis=0), walk))
    cases.append(("identical", walk, walk.copy()))
    square = np.array([[1, 1], [3, 1], [3, 3], [1, 3]], dtype=float)
    cases.append(("square-rotated-start", square, np.roll(square, 1, axis=0) * 2 + 5))
    t = np.linspace(0, 2 * np.pi, 41)[:-1]
    circle = np.c_[5 + np.cos(t), 5 + np.sin(t)]
    cases.append(("circle-ellipse", circle, np.c_[5 + 2 * np.cos(t + 0.3), 5 + np.sin(t + 0.3)]))
    return cases


def gesture_points(path):
    text = open(path, encoding="utf-8-sig").read()
    return [(float(x), float(y)) for x, y in re.findall(r'X="([-0-9.]+)" Y="([-0-9.]+)"', text)]


def resample_normalise(points, n=32):
    """$P preprocessing: resample to n equidistant points, scale to the unit box, centre."""
    p = [tuple(q) for q in points]
    interval = length(p) / (n - 1)
    out, acc, i = [p[0]], 0.0, 1
    while i < len(p):
        d = math.dist(p[i - 1], p[i])
        if acc + d >= interval and d > 0:
            t = (interval - acc) / d
            q = (p[i - 1][0] + t * (p[i][0] - p[i - 1][0]), p[i - 1][1] + t * (p[i][1] - p[i - 1][1]))
            out.append(q)
            p.insert(i, q)
            acc = 0.0
        else:
            acc += d
        i += 1
    while len(out) < n:
        out.append(p[-1])
    c = np.asarray(out[:n])
    size = max(np.ptp(c[:, 0]), np.ptp(c[:, 1]))
    c = (c - c.min(axis=0)) / size
    return c - c.mean(axis=0)


GESTURES = [("s02/medium/arrow01.xml", "s02/medium/arrow02.xml"),
            ("s02/medium/arrow01.xml", "s03/medium/arrow01.xml"),
            ("s02/medium/circle01.xml", "s03/medium/circle01.xml"),
            ("s02/medium/arrow01.xml", "s02/medium/circle01.xml"),
            ("s04/fast/check01.xml", "s05/slow/star01.xml"),
            ("s06/medium/rectangle01.xml", "s07/medium/triangle01.xml")]


def main():
    cases = []
    for name, a, b in synthetic_cases():
        cases.append({"name": name, "a": {"xs": a[:, 0].tolist(), "ys": a[:, 1].tolist()},
                      "b": {"xs": b[:, 0].tolist(), "ys": b[:, 1].tolist()}, **measures(a, b)})
    gestures = []
    root = os.path.join(SHARED, "datasets", "dollar-unistroke")
    for first, second in GESTURES:
        a, b = gesture_points(os.path.join(root, first)), gesture_points(os.path.join(root, second))
        ca, cb = resample_normalise(a), resample_normalise(b)
        values = measures(a, b)
        values.pop("pointCloud", None)
        gestures.append({"a": f"datasets/dollar-unistroke/{first}",
                         "b": f"datasets/dollar-unistroke/{second}", **values,
                         "cloudA": {"xs": ca[:, 0].tolist(), "ys": ca[:, 1].tolist()},
                         "cloudB": {"xs": cb[:, 0].tolist(), "ys": cb[:, 1].tolist()},
                         "pointCloud": p_dollar(ca.tolist(), cb.tolist())})
    with open(OUT, "w") as out:
        json.dump({"generator": "Scripts/reference/similarity.py", "synthetic": cases,
                   "gestures": gestures}, out, indent=1)
        out.write("\n")
    print(f"wrote {OUT}: {len(cases)} synthetic cases, {len(gestures)} gesture pairs")


if __name__ == "__main__":
    main()
