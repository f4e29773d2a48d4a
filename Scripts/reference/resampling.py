#!/usr/bin/env python3
"""Reference values for InkSampling resampling, simplification, smoothing and features.

Peers: NumPy (arc-length interpolation), SciPy (gaussian_filter1d, savgol_filter), the `rdp`
package (Ramer-Douglas-Peucker), the `simplification` package (Visvalingam-Whyatt, as the `geo`
crate), and the $1 recognizer's published pseudocode for normalisation. Inputs are seeded random
strokes plus real $1 gestures when ../shared is present. Writes Tests/Fixtures/resampling/*.json.

Run: python3 Scripts/reference/resampling.py  (needs numpy scipy rdp simplification)
"""
import glob
import json
import math
import os
import re

import numpy as np
from rdp import rdp
from scipy.ndimage import gaussian_filter1d
from scipy.signal import savgol_filter
from simplification.cutil import simplify_coords_vw_idx

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "resampling")
SHARED = os.environ.get("DUCTUS_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
rng = np.random.default_rng(20261129)


def random_walk(n, step=5.0):
    angles = np.cumsum(rng.normal(0, 0.4, n))
    steps = rng.uniform(0.2, 1.0, n) * step
    xs = np.cumsum(np.cos(angles) * steps) + 100
    ys = np.cumsum(np.sin(angles) * steps) + 100
    return xs, ys


def dollar_gestures(limit=4):
    files = sorted(glob.glob(os.path.join(SHARED, "datasets", "dollar-unistroke", "s02", "*", "*.xml")))
    strokes = []
    for path in files[:: max(1, len(files) // limit)][:limit]:
        text = open(path, encoding="utf-8-sig").read()
        pts = re.findall(r'X="([-\d.]+)" Y="([-\d.]+)" T="(\d+)"', text)
        xs = np.array([float(p[0]) for p in pts])
        ys = np.array([float(p[1]) for p in pts])
        ts = np.array([float(p[2]) for p in pts]) / 1000.0
        strokes.append((os.path.basename(path), xs, ys, ts - ts[0]))
    return strokes


def inputs():
    cases = []
    for n in (2, 7, 40, 257):
        xs, ys = random_walk(n)
        ts = np.cumsum(rng.uniform(0.005, 0.02, n))
        ts -= ts[0]
        cases.append((f"random{n}", xs, ys, ts))
    xs, ys = random_walk(12)
    xs = np.repeat(xs, 2)  # every point twice: zero-length segments
    ys = np.repeat(ys, 2)
    cases.append(("duplicates", xs, ys, np.arange(len(xs)) * 0.01))
    cases.append(("onePoint", np.array([3.0]), np.array([4.0]), np.array([0.0])))
    cases.append(("zeroLength", np.array([3.0, 3.0, 3.0]), np.array([4.0, 4.0, 4.0]), np.array([0.0, 0.01, 0.02])))
    cases.extend(dollar_gestures())
    return cases


def arc_resample(xs, ys, ts, n):
    d = np.concatenate([[0], np.cumsum(np.hypot(np.diff(xs), np.diff(ys)))])
    if n == 1:
        targets = np.array([0.0])
    else:
        targets = d[-1] * np.arange(n) / (n - 1)
        targets[-1] = d[-1]
    if len(xs) == 1 or d[-1] == 0:
        return [float(xs[0])] * n, [float(ys[0])] * n, [float(ts[0])] * n
    # Along each segment of non-zero length, from the sample the pen leaves (the last of a run of
    # repeated points) to the sample it reaches (the first of the next run).
    seg = np.nonzero(np.diff(d) > 0)[0]
    out = [np.empty(n) for _ in range(3)]
    for k, target in enumerate(targets):
        if target <= 0:
            idx = [0, 0, 0.0]
        elif target >= d[-1]:
            idx = [len(xs) - 1, len(xs) - 1, 0.0]
        else:
            i = seg[min(np.searchsorted(d[seg + 1], target), len(seg) - 1)]
            idx = [i, i + 1, (target - d[i]) / (d[i + 1] - d[i])]
        for o, v in zip(out, (xs, ys, ts)):
            o[k] = v[idx[0]] + (v[idx[1]] - v[idx[0]]) * idx[2]
    return [o.tolist() for o in out]


def regression_derivative(values, w=2):
    n = len(values)
    den = 2 * sum(t * t for t in range(1, w + 1))
    out = []
    for i in range(n):
        s = 0.0
        for t in range(1, w + 1):
            s += t * (values[min(i + t, n - 1)] - values[max(i - t, 0)])
        out.append(s / den)
    return np.array(out)


def kinematics(xs, ys):
    vx, vy = regression_derivative(xs), regression_derivative(ys)
    ax, ay = regression_derivative(vx), regression_derivative(vy)
    jx, jy = regression_derivative(ax), regression_derivative(ay)
    speed = np.hypot(vx, vy)
    with np.errstate(divide="ignore", invalid="ignore"):
        curvature = np.where(speed > 0, (vx * ay - vy * ax) / speed ** 3, 0.0)
    angle = np.unwrap(np.arctan2(vy, vx))
    return {"vx": vx, "vy": vy, "speed": speed, "ax": ax, "ay": ay, "acceleration": np.hypot(ax, ay),
            "jerk": np.hypot(jx, jy), "curvature": curvature, "tangentAngle": angle}


def dollar_normalise(xs, ys, size=250.0):
    """$1: rotate by the indicative angle about the centroid, scale to a square, centroid to 0."""
    cx, cy = xs.mean(), ys.mean()
    theta = math.atan2(ys[0] - cy, xs[0] - cx)
    c, s = math.cos(-theta), math.sin(-theta)
    rx = (xs - cx) * c - (ys - cy) * s + cx
    ry = (xs - cx) * s + (ys - cy) * c + cy
    w, h = rx.max() - rx.min(), ry.max() - ry.min()
    w, h = (0.0 if w < 1e-12 * h else w), (0.0 if h < 1e-12 * w else h)
    rx = (rx - cx) * (size / w if w > 0 else 1)
    ry = (ry - cy) * (size / h if h > 0 else 1)
    return rx, ry


def main():
    os.makedirs(OUT, exist_ok=True)
    resample, simplify, smooth, features, normalise = [], [], [], [], []
    for name, xs, ys, ts in inputs():
        base = {"name": name, "xs": xs.tolist(), "ys": ys.tolist(), "ts": ts.tolist()}
        for n in (1, 2, 16, 64):
            rx, ry, rt = arc_resample(xs, ys, ts, n)
            resample.append({**base, "count": n, "expectedXs": rx, "expectedYs": ry, "expectedTs": rt})
        if len(xs) >= 2:
            pts = np.column_stack([xs, ys])
            for eps in (0.5, 2.0, 8.0):
                mask = rdp(pts, epsilon=eps, return_mask=True)
                vw = simplify_coords_vw_idx(pts, eps * eps)
                simplify.append({**base, "epsilon": eps, "rdp": np.nonzero(mask)[0].tolist(),
                                 "vwEpsilon": eps * eps, "vw": [int(i) for i in vw]})
        for sigma in (0.7, 2.0, 5.0):
            for mode in ("reflect", "nearest"):
                smooth.append({**base, "filter": "gaussian", "sigma": sigma, "mode": mode,
                               "expectedXs": gaussian_filter1d(xs, sigma, mode=mode).tolist()})
        for window, order, deriv, delta in ((5, 2, 0, 1.0), (7, 3, 1, 0.01), (11, 4, 2, 0.5), (3, 1, 0, 1.0)):
            if len(xs) >= window:
                smooth.append({**base, "filter": "savgol", "window": window, "order": order,
                               "derivative": deriv, "delta": delta,
                               "expectedXs": savgol_filter(xs, window, order, deriv=deriv, delta=delta,
                                                           mode="interp").tolist()})
        k = kinematics(xs, ys)
        features.append({**base, **{key: value.tolist() for key, value in k.items()}})
        if len(xs) >= 2:
            nx, ny = dollar_normalise(xs, ys)
            normalise.append({**base, "expectedXs": nx.tolist(), "expectedYs": ny.tolist()})
    for fname, data in (("resample", resample), ("simplify", simplify), ("smooth", smooth),
                        ("kinematics", features), ("normalise", normalise)):
        with open(os.path.join(OUT, fname + ".json"), "w") as f:
            json.dump(data, f)
        print(f"{fname}.json: {len(data)} cases")


if __name__ == "__main__":
    main()
