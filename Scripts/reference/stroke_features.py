#!/usr/bin/env python3
"""Reference values for InkFeatures: the stroke and drawing features (InkFeatureExtractor).

Writes Tests/Fixtures/features/stroke-features.json: a few deterministic drawings made by this
script (strokes of pen samples, hand-made or seeded) with the features Ductus must compute for
each stroke and for each drawing. Nothing is read from ../shared.

There is no established library that computes Rubine's features or these path statistics, so
this script is the peer: the formulas of the InkFeatures catalog (StrokeAndDrawingFeatures.md)
written again here in Python and NumPy from their definitions, not from the Swift code:
- geometry: length, bounding box, aspect (w - h) / (w + h), closure, signed turning angles
  atan2(cross, dot) between consecutive steps of positive length, curvature theta over the
  mean of the two steps' lengths, sharpness, direction histogram weighted by length;
- Rubine (1991) f1..f13, theta_p = arctan of the quotient as in the paper;
- kinematics on the strokes resampled at 10 ms: speed, acceleration, jerk (forward
  differences), pauses (runs of steps under 5 units/s lasting 0.1 s or more);
- pen-ups before each stroke (time and jump), pen statistics.

Conventions shared with the Swift tests: a drawing is {"name", "strokes": [{"start": s,
"points": [[x, y, offset, force, azimuth, altitude], ...]}]}; a sample's time is
offset + (start - min start), computed in that order.

Run: python3 Scripts/reference/stroke_features.py   (numpy)
"""
import json
import math
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "features")
DT = 0.01
PAUSE_SPEED = 5.0
MIN_PAUSE = 0.1
MAX_POINTS = 100_000
NAMES = (["length", "width", "height", "diagonal", "aspect", "closure", "totalTurning",
          "totalAbsoluteTurning", "meanCurvature", "sdCurvature", "sharpness"]
         + [f"direction{k}" for k in range(8)] + [f"rubine{k}" for k in range(1, 14)]
         + ["duration", "meanSpeed", "sdSpeed", "maxSpeed", "meanAcceleration",
            "sdAcceleration", "maxAcceleration", "meanJerk", "sdJerk", "maxJerk", "pauseCount",
            "pauseTime", "strokeCount", "inAirTime", "inAirLength", "meanForce", "sdForce",
            "maxForce", "meanAzimuth", "sdAzimuth", "meanAltitude", "sdAltitude"])
rng = np.random.default_rng(20261202)


def mean(v):
    return float(np.mean(v)) if len(v) else 0.0


def sd(v):
    return float(np.std(v)) if len(v) else 0.0


def mx(v):
    return float(np.max(v)) if len(v) else 0.0


def ratio(a, b):
    return a / b if b > 0 else 0.0


def samples(drawing):
    origin = min(s["start"] for s in drawing["strokes"]) if drawing["strokes"] else 0.0
    cols = {k: [] for k in ("x", "y", "t", "force", "azimuth", "altitude")}
    ranges = []
    for s in drawing["strokes"]:
        if not s["points"]:
            continue
        a = len(cols["x"])
        shift = s["start"] - origin
        for x, y, off, f, az, al in s["points"]:
            for k, v in zip(("x", "y", "t", "force", "azimuth", "altitude"),
                            (x, y, off + shift, f, az, al)):
                cols[k].append(v)
        ranges.append((a, len(cols["x"])))
    return {k: np.array(v, dtype=float) for k, v in cols.items()}, ranges


def geometry(x, y):
    if len(x) == 0:
        return [0.0] * 19
    d = np.stack([np.diff(x), np.diff(y)], axis=1)
    steps = np.hypot(d[:, 0], d[:, 1])
    keep = steps > 0
    d, steps = d[keep], steps[keep]
    length = float(np.sum(steps)) if len(steps) else 0.0
    # turning between consecutive kept steps
    cross = d[:-1, 0] * d[1:, 1] - d[:-1, 1] * d[1:, 0]
    dot = d[:-1, 0] * d[1:, 0] + d[:-1, 1] * d[1:, 1]
    theta = np.arctan2(cross, dot)
    curvature = theta / ((steps[:-1] + steps[1:]) / 2)
    angle = np.arctan2(d[:, 1], d[:, 0])
    bins = np.floor((angle + math.pi / 8) / (math.pi / 4)).astype(int) % 8
    hist = np.zeros(8)
    for b, s in zip(bins, steps):
        hist[b] += s
    w, h = float(np.ptp(x)), float(np.ptp(y))
    end = math.hypot(x[-1] - x[0], y[-1] - y[0])
    return ([length, w, h, math.hypot(w, h), ratio(w - h, w + h), ratio(end, length),
             float(np.sum(theta)), float(np.sum(np.abs(theta))), mean(curvature),
             sd(curvature), float(np.sum(theta ** 2))]
            + [ratio(float(v), length) for v in hist])


def atan_quotient(num, den):
    """arctan(num / den); a zero denominator (a right angle) gives +-pi/2 by the numerator's
    sign, whatever the sign of the zero; 0 for 0/0 (a step of zero length)."""
    if num == 0 and den == 0:
        return 0.0
    if den == 0:
        return math.copysign(math.pi / 2, num)
    return math.atan(num / den)


def rubine(x, y, t):
    n = len(x)
    if n == 0:
        return [0.0] * 13
    third = min(2, n - 1)
    d0 = math.hypot(x[third] - x[0], y[third] - y[0])
    f1, f2 = ratio(x[third] - x[0], d0), ratio(y[third] - y[0], d0)
    w, h = float(np.ptp(x)), float(np.ptp(y))
    f3 = math.hypot(w, h)
    f4 = math.atan2(h, w) if f3 > 0 else 0.0
    f5 = math.hypot(x[-1] - x[0], y[-1] - y[0])
    f6, f7 = ratio(x[-1] - x[0], f5), ratio(y[-1] - y[0], f5)
    dx, dy, dt = np.diff(x), np.diff(y), np.diff(t)
    f8 = float(np.sum(np.hypot(dx, dy)))
    thetas = [atan_quotient(dx[p] * dy[p - 1] - dx[p - 1] * dy[p],
                            dx[p] * dx[p - 1] + dy[p] * dy[p - 1]) for p in range(1, n - 1)]
    thetas = np.array(thetas, dtype=float)
    moving = dt > 0
    f12 = float(np.max((dx[moving] ** 2 + dy[moving] ** 2) / dt[moving] ** 2)) if moving.any() else 0.0
    return [f1, f2, f3, f4, f5, f6, f7, f8, float(np.sum(thetas)), float(np.sum(np.abs(thetas))),
            float(np.sum(thetas ** 2)), f12, float(t[-1] - t[0])]


def resample(x, y, t):
    t = np.maximum.accumulate(t)
    duration = t[-1] - t[0]
    dt = max(DT, duration / MAX_POINTS)
    if not duration > 0:
        return x[:1], y[:1], dt
    steps = int(math.floor(duration / dt))
    ox, oy = [], []
    for k in range(steps + 1):
        tau = t[0] + k * dt
        # the last sample at or before tau
        j = int(np.searchsorted(t, tau, side="right")) - 1
        if j == len(t) - 1:
            ox.append(x[j])
            oy.append(y[j])
        else:
            u = (tau - t[j]) / (t[j + 1] - t[j])
            ox.append(x[j] + u * (x[j + 1] - x[j]))
            oy.append(y[j] + u * (y[j + 1] - y[j]))
    return np.array(ox), np.array(oy), dt


def kinematics(c, ranges):
    speeds, accs, jerks = [], [], []
    pauses, pause_time = 0, 0.0
    for a, b in ranges:
        x, y, dt = resample(c["x"][a:b], c["y"][a:b], c["t"][a:b])
        v = np.stack([np.diff(x), np.diff(y)], axis=1) / dt
        acc = np.diff(v, axis=0) / dt
        jerk = np.diff(acc, axis=0) / dt
        speed = np.hypot(v[:, 0], v[:, 1])
        speeds += list(speed)
        accs += list(np.hypot(acc[:, 0], acc[:, 1]))
        jerks += list(np.hypot(jerk[:, 0], jerk[:, 1]))
        run = 0
        for s in list(speed) + [math.inf]:
            if s < PAUSE_SPEED:
                run += 1
                continue
            if run > 0 and run * dt >= MIN_PAUSE * (1 - 1e-9):
                pauses += 1
                pause_time += run * dt
            run = 0
    if ranges:
        ts = np.concatenate([c["t"][a:b] for a, b in ranges])
        duration = float(ts.max() - ts.min())
    else:
        duration = 0.0
    out = [duration]
    for series in (speeds, accs, jerks):
        out += [mean(series), sd(series), mx(series)]
    return out + [float(pauses), pause_time]


def pen_up(c, previous, following):
    a, b = previous[1] - 1, following[0]
    return (max(0.0, c["t"][b] - c["t"][a]),
            math.hypot(c["x"][b] - c["x"][a], c["y"][b] - c["y"][a]))


def vector(c, path, strokes, in_air):
    a, b = path
    values = geometry(c["x"][a:b], c["y"][a:b]) + rubine(c["x"][a:b], c["y"][a:b], c["t"][a:b])
    values += kinematics(c, strokes) + [float(len(strokes)), in_air[0], in_air[1]]
    f, az, al = c["force"][a:b], c["azimuth"][a:b], c["altitude"][a:b]
    values += [mean(f), sd(f), mx(f), mean(az), sd(az), mean(al), sd(al)]
    assert len(values) == len(NAMES)
    return dict(zip(NAMES, [float(v) for v in values]))


def features(drawing):
    c, ranges = samples(drawing)
    strokes = []
    for k, r in enumerate(ranges):
        in_air = (0.0, 0.0) if k == 0 else pen_up(c, ranges[k - 1], r)
        strokes.append(vector(c, r, [r], in_air))
    total = [0.0, 0.0]
    for k in range(1, len(ranges)):
        t, d = pen_up(c, ranges[k - 1], ranges[k])
        total[0] += t
        total[1] += d
    return strokes, vector(c, (0, len(c["x"])), ranges, total)


def stroke(start, pts):
    return {"start": start, "points": [[float(v) for v in p] for p in pts]}


def loops():
    """Three looping strokes at 100 Hz with pen-ups of 0.15 s and a pause in the second."""
    strokes, t0 = [], 4.25
    for k, n in enumerate((60, 45, 80)):
        u = np.arange(n) / 100.0
        x = 120 * k + 90 * u + 25 * np.sin(2 * math.pi * (2.5 + k) * u)
        y = 40 * np.cos(2 * math.pi * (1.5 + 0.5 * k) * u) - 15 * u
        if k == 1:
            x[20:35], y[20:35] = x[20], y[20]
        force = 0.3 + 0.5 * np.sin(math.pi * (u + 0.01) / (u[-1] + 0.02))
        strokes.append(stroke(t0, zip(x, y, u, force, 0.8 + 0.1 * u, 0.9 + 0.2 * np.cos(3 * u))))
        t0 += n / 100.0 + 0.15
    return {"name": "loops", "strokes": strokes}


def walk():
    """A seeded random walk in four strokes with irregular clocks, repeated and backward steps
    of time, repeated points and a one-sample stroke."""
    strokes, t0 = [], 0.0
    for n in (30, 1, 25, 40):
        u = np.cumsum(rng.uniform(0.004, 0.02, n)) - 0.004
        if n > 10:
            u[5] = u[4]
            u[8] = u[7] - 0.003
        x = 200 * rng.random() + np.cumsum(rng.normal(0, 2, n))
        y = 100 * rng.random() + np.cumsum(rng.normal(0, 2, n))
        if n > 10:
            x[3], y[3] = x[2], y[2]
        strokes.append(stroke(t0, zip(x, y, u, rng.random(n), rng.random(n), rng.random(n))))
        t0 += float(u[-1]) + 0.3
    return {"name": "walk", "strokes": strokes}


def hand_made():
    square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]
    return [
        {"name": "empty", "strokes": []},
        {"name": "one point", "strokes": [stroke(1.0, [[5, 7, 0, 0.4, 0.1, 1.0]])]},
        {"name": "two points", "strokes": [stroke(0.0, [[0, 0, 0, 0.2, 0, 1.5],
                                                        [3, 4, 0.01, 0.6, 0, 1.5]])]},
        {"name": "duplicates", "strokes": [stroke(0.0, [[2, 2, 0.01 * i, 0.5, 0.3, 1.0]
                                                        for i in range(6)])]},
        {"name": "square", "strokes": [stroke(2.0, [[x, y, 0.1 * i, 0.5, 0.2, 1.2]
                                                    for i, (x, y) in enumerate(square)])]},
        {"name": "reversal", "strokes": [stroke(0.0, [[0, 0, 0, 1, 0, 1], [5, 0, 0.05, 1, 0, 1],
                                                      [1, 3, 0.1, 1, 0, 1], [8, -2, 0.2, 1, 0, 1]])]},
        {"name": "same time", "strokes": [stroke(0.0, [[i, i * i, 0, 0.5, 0.3, 1.0]
                                                       for i in range(8)])]},
    ]


def main():
    drawings = [loops(), walk()] + hand_made()
    for d in drawings:
        d["strokeFeatures"], d["drawingFeatures"] = features(d)
        for v in [v for s in d["strokeFeatures"] for v in s.values()] + list(d["drawingFeatures"].values()):
            assert math.isfinite(v)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "stroke-features.json"), "w") as out:
        json.dump({"names": NAMES, "drawings": drawings}, out)
        out.write("\n")
    print("wrote", len(drawings), "drawings to", os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    main()
