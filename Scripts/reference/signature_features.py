#!/usr/bin/env python3
"""Reference values for InkFeatures: the local functions and global features of signatures.

Writes Tests/Fixtures/signatures/features.json: a few deterministic synthetic signatures made by
this script (strokes of pen samples) with the local functions (derivative order 2, pen angles)
and the 61 global features that Ductus must compute for them. Nothing is read from ../shared.

The definitions are those of the InkFeatures catalog (LocalFunctions.md, GlobalFeatures.md),
written again here in NumPy from the formulas, not from the Swift code:
- local functions after Fierrez, Ortega-Garcia, Ramos, Gonzalez-Rodriguez (PRL 2007): x, y,
  pressure, theta = unwrap(atan2(y', x')), v = |(x', y')|, rho = ln(max(v, eps)/max(|theta'|,
  eps)), a = sqrt(v'^2 + (v theta')^2), azimuth, altitude; ' is the second-order regression
  derivative over +-2 samples (ends repeated), per sample, over the concatenated strokes; then
  first and second derivatives; every column z-normalised (zeros when it does not vary);
- global features after Fierrez-Aguilar et al. (2005) and Lee, Berger, Aviczer (1996).

Conventions shared with the Swift tests:
- a signature is {"name", "strokes": [{"start": s, "points": [[x, y, offset, force, azimuth,
  altitude], ...]}]}; a sample's time is offset + (start - min start), computed in that order,
  as PencilKit's creation date plus time offset gives it.
- "local": {"names": [...], "columns": [[...]]}, "global": {name: value},
  "samplingInterval": dt.

Run: python3 Scripts/reference/signature_features.py   (numpy)
"""
import json
import math
import os

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "signatures")
EPS = 1e-6
rng = np.random.default_rng(20261201)


def regression(f, w=2):
    f = np.asarray(f, dtype=float)
    n = len(f)
    if n == 0:
        return f.copy()
    den = 2.0 * sum(t * t for t in range(1, w + 1))
    out = np.zeros(n)
    for i in range(n):
        s = 0.0
        for t in range(1, w + 1):
            s += t * (f[min(i + t, n - 1)] - f[max(i - t, 0)])
        out[i] = s / den
    return out


def mean(v):
    v = list(v)
    if not v:
        return 0.0
    s = 0.0
    for x in v:
        s += x
    return s / len(v)


def sd(v):
    v = list(v)
    if not v:
        return 0.0
    m = mean(v)
    s = 0.0
    for x in v:
        s += (x - m) * (x - m)
    return math.sqrt(s / len(v))


def ratio(a, b):
    return a / b if b > 0 else 0.0


def znorm(v):
    v = np.asarray(v, dtype=float)
    m, s = mean(v), sd(v)
    largest = float(np.max(np.abs(v))) if len(v) else 0.0
    if not (s > 0 and s > 1e-12 * largest):
        return np.zeros(len(v))
    return (v - m) / s


def unwrap(a):
    a = np.array(a, dtype=float)
    for i in range(1, len(a)):
        step = a[i] - a[i - 1]
        a[i] -= 2 * math.pi * math.floor(step / (2 * math.pi) + 0.5)
    return a


def samples(sig):
    origin = min(s["start"] for s in sig["strokes"]) if sig["strokes"] else 0.0
    cols = {k: [] for k in ("x", "y", "t", "force", "azimuth", "altitude")}
    ranges = []
    for s in sig["strokes"]:
        if not s["points"]:
            continue
        a = len(cols["x"])
        shift = s["start"] - origin
        for x, y, off, f, az, al in s["points"]:
            cols["x"].append(x)
            cols["y"].append(y)
            cols["t"].append(off + shift)
            cols["force"].append(f)
            cols["azimuth"].append(az)
            cols["altitude"].append(al)
        ranges.append((a, len(cols["x"])))
    return {k: np.array(v, dtype=float) for k, v in cols.items()}, ranges


def sampling_interval(t, ranges):
    steps = [t[i + 1] - t[i] for a, b in ranges for i in range(a, b - 1) if t[i + 1] > t[i]]
    return float(np.median(steps)) if steps else 1.0


def local_functions(c):
    x, y = c["x"], c["y"]
    xd, yd = regression(x), regression(y)
    theta = unwrap(np.arctan2(yd, xd))
    v = np.sqrt(xd * xd + yd * yd)
    thd = regression(theta)
    rho = np.log(np.maximum(v, EPS) / np.maximum(np.abs(thd), EPS))
    vd = regression(v)
    cen = v * thd
    acc = np.sqrt(vd * vd + cen * cen)
    base_names = ["x", "y", "pressure", "theta", "velocity", "rho", "acceleration", "azimuth",
                  "altitude"]
    base = [x, y, c["force"], theta, v, rho, acc, c["azimuth"], c["altitude"]]
    first = [regression(f) for f in base]
    second = [regression(f) for f in first]
    names = base_names + ["d" + n for n in base_names] + ["d2" + n for n in base_names]
    return {"names": names, "columns": [znorm(f).tolist() for f in base + first + second]}


def global_features(c, ranges):
    x, y, t = c["x"], c["y"], c["t"]
    n = len(x)
    dt = sampling_interval(t, ranges)
    g = {}
    start = float(t.min()) if n else 0.0
    duration = (float(t.max()) - start) if n else 0.0
    st = [(float(t[a:b].min()), float(t[a:b].max())) for a, b in ranges]
    pen_down = 0.0
    for lo, hi in st:
        pen_down += hi - lo
    g["duration"] = duration
    g["penUps"] = float(max(len(ranges) - 1, 0))
    g["penDownDurationRatio"] = ratio(pen_down, duration)
    g["sampleCount"] = float(n)
    g["meanPenUpDuration"] = mean(max(0.0, st[k][0] - st[k - 1][1]) for k in range(1, len(st)))
    segs = [(x[i + 1] - x[i], y[i + 1] - y[i]) for a, b in ranges for i in range(a, b - 1)]
    length = 0.0
    for dx, dy in segs:
        length += math.sqrt(dx * dx + dy * dy)
    left = float(x.min()) if n else 0.0
    top = float(y.min()) if n else 0.0
    width = (float(x.max()) - left) if n else 0.0
    height = (float(y.max()) - top) if n else 0.0
    diag = math.sqrt(width * width + height * height)
    g["pathLength"] = length
    g["width"] = width
    g["height"] = height
    g["widthOverHeight"] = ratio(width, height)
    g["pathLengthOverDiagonal"] = ratio(length, diag)
    g["centroidX"] = ratio(mean(x) - left, width)
    g["centroidY"] = ratio(mean(y) - top, height)
    last = max(n - 1, 0)
    for name, i in (("first", 0), ("last", last)):
        g[name + "X"] = ratio(x[i] - left, width) if n else 0.0
        g[name + "Y"] = ratio(y[i] - top, height) if n else 0.0
    moved = [i for i in range(n) if x[i] != x[0] or y[i] != y[0]]
    moved_last = [i for i in range(n) if x[i] != x[last] or y[i] != y[last]]
    g["initialDirection"] = math.atan2(y[moved[0]] - y[0], x[moved[0]] - x[0]) if moved else 0.0
    g["finalDirection"] = (math.atan2(y[last] - y[moved_last[-1]], x[last] - x[moved_last[-1]])
                           if moved_last else 0.0)
    g["firstToLastDirection"] = math.atan2(y[last] - y[0], x[last] - x[0]) if n else 0.0
    end = math.sqrt((x[last] - x[0]) ** 2 + (y[last] - y[0]) ** 2) if n else 0.0
    g["firstToLastDistanceOverDiagonal"] = ratio(end, diag)

    def rate(f):
        return np.concatenate([regression(f[a:b]) / dt for a, b in ranges]) if ranges else np.zeros(0)

    def tmax(series):
        if len(series) == 0:
            return 0.0
        return ratio(t[int(np.argmax(series))] - start, duration)

    vx, vy = rate(x), rate(y)
    ax, ay = rate(vx), rate(vy)
    jx, jy = rate(ax), rate(ay)
    speed = np.sqrt(vx * vx + vy * vy)
    acc = np.sqrt(ax * ax + ay * ay)
    jerk = np.sqrt(jx * jx + jy * jy)

    def mx(v):
        return float(np.max(v)) if len(v) else 0.0

    g["meanSpeed"], g["sdSpeed"], g["maxSpeed"] = mean(speed), sd(speed), mx(speed)
    for name, v in (("Vx", vx), ("Vy", vy)):
        g["mean" + name], g["sd" + name], g["maxAbs" + name] = mean(v), sd(v), mx(np.abs(v))
    g["meanOverMaxSpeed"] = ratio(mean(speed), mx(speed))
    g["pathLengthOverPenDownDuration"] = ratio(length, pen_down)
    g["timeOfMaxSpeed"] = tmax(speed)
    g["meanAcceleration"], g["sdAcceleration"], g["maxAcceleration"] = mean(acc), sd(acc), mx(acc)
    g["timeOfMaxAcceleration"] = tmax(acc)
    g["meanJerk"], g["sdJerk"], g["maxJerk"] = mean(jerk), sd(jerk), mx(jerk)
    for name, f in (("dx", x), ("dy", y)):
        changes = 0
        for a, b in ranges:
            steps = [s for s in np.diff(f[a:b]) if s != 0]
            changes += sum(1 for k in range(1, len(steps)) if (steps[k] > 0) != (steps[k - 1] > 0))
        g[name + "SignChanges"] = float(changes)
    f = c["force"]
    g["meanPressure"], g["sdPressure"], g["maxPressure"] = mean(f), sd(f), mx(f)
    g["timeOfMaxPressure"] = tmax(f)
    g["meanAzimuth"], g["sdAzimuth"] = mean(c["azimuth"]), sd(c["azimuth"])
    g["meanAltitude"], g["sdAltitude"] = mean(c["altitude"]), sd(c["altitude"])
    directions = [0.0] * 8
    turnings = [0.0] * 4
    for a, b in ranges:
        prev = None
        for i in range(a, b - 1):
            dx, dy = x[i + 1] - x[i], y[i + 1] - y[i]
            if dx == 0 and dy == 0:
                continue
            ang = math.atan2(dy, dx)
            directions[math.floor((ang + math.pi / 8) / (math.pi / 4)) % 8] += 1
            if prev is not None:
                turn = abs(ang - prev)
                if turn > math.pi:
                    turn = 2 * math.pi - turn
                turnings[min(math.floor(turn / (math.pi / 4)), 3)] += 1
            prev = ang
    for k in range(8):
        g["direction%d" % k] = ratio(directions[k], sum(directions))
    for k in range(4):
        g["turning%d" % k] = ratio(turnings[k], sum(turnings))
    return g, dt


def stroke(start, pts):
    return {"start": start, "points": [[float(v) for v in p] for p in pts]}


def synthetic_signature():
    """Three strokes of a looping, slanted trace at 100 Hz with pen-ups of 0.15 s."""
    strokes, t0 = [], 12.5
    for k, n in enumerate((60, 45, 80)):
        u = np.arange(n) / 100.0
        x = 120 * k + 90 * u + 25 * np.sin(2 * math.pi * (2.5 + k) * u)
        y = 40 * np.cos(2 * math.pi * (1.5 + 0.5 * k) * u) - 15 * u
        force = 0.3 + 0.5 * np.sin(math.pi * (u + 0.01) / (u[-1] + 0.02))
        az = 0.8 + 0.1 * u
        al = 0.9 + 0.2 * np.cos(3 * u)
        strokes.append(stroke(t0, zip(x, y, u, force, az, al)))
        t0 += n / 100.0 + 0.15
    return {"name": "loops", "strokes": strokes}


def clocked_signature():
    """One stroke whose clock repeats and steps back, with a pause (the pen standing still)."""
    n = 50
    offsets = np.arange(n) * 0.01
    offsets[10] = offsets[9]
    offsets[20] = offsets[19] - 0.008
    x = np.cumsum(rng.normal(1.0, 0.8, n))
    y = np.cumsum(rng.normal(0.0, 1.2, n))
    x[30:36] = x[30]
    y[30:36] = y[30]
    force = np.clip(rng.normal(0.5, 0.1, n), 0, None)
    az = np.full(n, 1.2)
    al = rng.uniform(0.5, 1.5, n)
    return {"name": "clocked", "strokes": [stroke(3.0, zip(x, y, offsets, force, az, al))]}


def random_walk_signature():
    """Four strokes of a seeded random walk, with a one-sample stroke among them."""
    strokes, t0 = [], 0.0
    for n in (30, 1, 25, 40):
        u = np.arange(n) * 0.01
        x = 200 * rng.random() + np.cumsum(rng.normal(0, 2, n))
        y = 100 * rng.random() + np.cumsum(rng.normal(0, 2, n))
        strokes.append(stroke(t0, zip(x, y, u, rng.random(n), rng.random(n), rng.random(n))))
        t0 += n * 0.01 + 0.3
    return {"name": "walk", "strokes": strokes}


def small_signatures():
    return [
        {"name": "empty", "strokes": []},
        {"name": "one point", "strokes": [stroke(1.0, [[5, 7, 0, 0.4, 0.1, 1.0]])]},
        {"name": "two points", "strokes": [stroke(0.0, [[0, 0, 0, 0.2, 0, 1.5],
                                                        [3, 4, 0.01, 0.6, 0, 1.5]])]},
        {"name": "constant", "strokes": [stroke(0.0, [[2, 2, 0.01 * i, 0.5, 0.3, 1.0]
                                                      for i in range(6)])]},
        {"name": "same time", "strokes": [stroke(0.0, [[i, i * i, 0, 0.5, 0.3, 1.0]
                                                       for i in range(8)])]},
    ]


def main():
    signatures = [synthetic_signature(), clocked_signature(), random_walk_signature()]
    signatures += small_signatures()
    for sig in signatures:
        c, ranges = samples(sig)
        sig["local"] = local_functions(c)
        sig["global"], sig["samplingInterval"] = global_features(c, ranges)
        assert len(sig["global"]) == 61
        for v in list(sig["global"].values()) + [v for col in sig["local"]["columns"] for v in col]:
            assert math.isfinite(v)
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "features.json"), "w") as out:
        json.dump({"signatures": signatures}, out)
        out.write("\n")
    print("wrote", len(signatures), "signatures to", os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    main()
