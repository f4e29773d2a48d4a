#!/usr/bin/env python3
"""Reference values for Ductus's dynamic time warping, from dtaidistance and tslearn.

Writes Tests/Fixtures/dtw/cases.json (pairs of series with expected distances, paths, lower
bounds), dba.json (DTW barycenter averaging) and dollar.json (expected values for a few $1
unistroke gestures, named by their file below datasets/; the points are not copied).

Conventions shared with the Swift tests:
- a series is {"xs": [...], "ys": [...]}; univariate series use channels ["x"] and ys = 0.
- constraint: {"kind": "none"} | {"kind": "sakoeChiba", "radius": r} | {"kind": "itakura",
  "maxSlope": s}. tslearn's sakoe_chiba_radius = r equals dtaidistance's window = r + 1; the
  script checks both peers agree wherever both apply.
- channel weights w are checked by scaling the channels by sqrt(w) before calling the peers
  (neither peer weighs channels itself).
- the derivative estimate (Keogh & Pazzani 2001) is computed here in numpy, then the peers align
  the estimates.

Run: python3 Scripts/reference/dtw.py   (numpy, dtaidistance 2.5, tslearn 0.10)
"""
import json
import math
import os
import re
import sys

import numpy as np
from dtaidistance import dtw as ddtw
from dtaidistance import dtw_ndim
from tslearn.metrics import dtw as tdtw
from tslearn.metrics import dtw_path, dtw_subsequence_path, lb_keogh, cdist_dtw
from tslearn.barycenters import dtw_barycenter_averaging
from tslearn.utils import to_time_series_dataset

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "dtw")
SHARED = os.environ.get("DUCTUS_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
rng = np.random.default_rng(20240611)


def series(arr):
    arr = np.asarray(arr, dtype=float)
    if arr.ndim == 1:
        return {"xs": arr.tolist(), "ys": [0.0] * len(arr)}
    return {"xs": arr[:, 0].tolist(), "ys": arr[:, 1].tolist()}


def walk(n, dims=2):
    return np.cumsum(rng.normal(size=(n, dims)), axis=0) if dims > 1 else np.cumsum(rng.normal(size=n))


def derivative(q):
    q = np.asarray(q, dtype=float)
    n = len(q)
    if n < 3:
        return np.full(q.shape, (q[1] - q[0]) if n == 2 else 0.0)
    d = np.empty_like(q)
    d[1:-1] = ((q[1:-1] - q[:-2]) + (q[2:] - q[:-2]) / 2) / 2
    d[0], d[-1] = d[1], d[-2]
    return d


def close(x, y):
    return (math.isinf(x) and math.isinf(y)) or abs(x - y) <= 1e-9 * max(1.0, abs(x))


def peer_distance(a, b, constraint, cost="squaredEuclidean"):
    """DTW from both peers where both apply; checks they agree."""
    kind = constraint["kind"]
    inner = "squared euclidean" if cost == "squaredEuclidean" else "euclidean"
    a2 = a if a.ndim == 2 else a[:, None]
    b2 = b if b.ndim == 2 else b[:, None]
    values = {}
    if kind != "itakura":
        window = None if kind == "none" else constraint["radius"] + 1
        values["dtaidistance"] = dtw_ndim.distance(a2, b2, window=window, inner_dist=inner)
    if cost == "squaredEuclidean":
        if kind == "none":
            values["tslearn"] = tdtw(a2, b2)
        elif kind == "sakoeChiba":
            values["tslearn"] = tdtw(a2, b2, global_constraint="sakoe_chiba",
                                     sakoe_chiba_radius=constraint["radius"])
        else:
            values["tslearn"] = tdtw(a2, b2, global_constraint="itakura",
                                     itakura_max_slope=constraint["maxSlope"])
    got = list(values.values())
    assert all(close(got[0], v) for v in got), values
    return got[0], sorted(values)


def tslearn_path(a, b, constraint):
    a2 = a if a.ndim == 2 else a[:, None]
    b2 = b if b.ndim == 2 else b[:, None]
    kw = {}
    if constraint["kind"] == "sakoeChiba":
        kw = dict(global_constraint="sakoe_chiba", sakoe_chiba_radius=constraint["radius"])
    elif constraint["kind"] == "itakura":
        kw = dict(global_constraint="itakura", itakura_max_slope=constraint["maxSlope"])
    path, dist = dtw_path(a2, b2, **kw)
    return path, dist


def case(name, a, b, constraint=None, cost="squaredEuclidean", weights=None, with_path=True,
         derivative_dtw=False):
    constraint = constraint or {"kind": "none"}
    a = np.asarray(a, dtype=float)
    b = np.asarray(b, dtype=float)
    channels = ["x", "y"] if a.ndim == 2 else ["x"]
    pa, pb = a, b
    if derivative_dtw:
        pa = np.apply_along_axis(derivative, 0, a)
        pb = np.apply_along_axis(derivative, 0, b)
    if weights is not None:
        scale = np.sqrt(np.asarray(weights))
        pa, pb = pa * scale, pb * scale
    dist, peers = peer_distance(pa, pb, constraint, cost)
    out = {"name": name, "first": series(a), "second": series(b), "channels": channels,
           "constraint": constraint, "localCost": cost, "derivative": derivative_dtw,
           "distance": dist, "peers": peers}
    if weights is not None:
        out["weights"] = list(weights)
    if with_path and cost == "squaredEuclidean":
        path, pdist = tslearn_path(pa, pb, constraint)
        assert close(pdist, dist)
        out["path"] = {"first": [int(p[0]) for p in path], "second": [int(p[1]) for p in path]}
    return out


def main():
    cases = []
    # Seeded random walks, plain and constrained, equal and unequal lengths.
    for n, m in [(40, 40), (30, 55), (55, 30), (64, 63)]:
        a, b = walk(n), walk(m)
        cases.append(case(f"walk {n}x{m}", a, b))
        for r in [0, 1, 3, 10]:
            cases.append(case(f"walk {n}x{m} sakoe-chiba {r}", a, b,
                              {"kind": "sakoeChiba", "radius": r}))
        cases.append(case(f"walk {n}x{m} euclidean", a, b, cost="euclidean"))
        cases.append(case(f"walk {n}x{m} weighted", a, b, weights=[2.0, 0.25]))
        cases.append(case(f"walk {n}x{m} derivative", a, b, derivative_dtw=True))
    for n, m, s in [(40, 50, 2.0), (50, 40, 3.0), (30, 30, 2.0), (33, 47, 1.5)]:
        a, b = walk(n), walk(m)
        cases.append(case(f"walk {n}x{m} itakura {s}", a, b, {"kind": "itakura", "maxSlope": s}))
    # Univariate.
    for n, m in [(50, 50), (20, 70)]:
        a, b = walk(n, 1), walk(m, 1)
        cases.append(case(f"univariate {n}x{m}", a, b))
        cases.append(case(f"univariate {n}x{m} absolute", a, b, cost="euclidean"))
        cases.append(case(f"univariate {n}x{m} sakoe-chiba 2", a, b,
                          {"kind": "sakoeChiba", "radius": 2}))
    # Edge cases.
    cases.append(case("one point each", [[1.0, 2.0]], [[4.0, -2.0]]))
    cases.append(case("one point against twenty", [[1.0, 2.0]], walk(20)))
    cases.append(case("twenty against one point", walk(20), [[1.0, 2.0]]))
    cases.append(case("repeated points", np.repeat([[3.0, 1.0]], 15, axis=0),
                      np.repeat([[3.0, 1.0], [5.0, 5.0]], [10, 12], axis=0)))
    cases.append(case("identical", *(2 * [walk(25)])))
    cases.append(case("very different lengths", walk(5), walk(200)))
    cases.append(case("band narrower than the length difference", walk(10), walk(50),
                      {"kind": "sakoeChiba", "radius": 0}))
    cases.append(case("band narrower than the length difference, reversed", walk(50), walk(10),
                      {"kind": "sakoeChiba", "radius": 1}))
    cases.append(case("two points derivative", walk(2), walk(7), derivative_dtw=True))

    # Early abandoning: dtaidistance's max_dist returns inf once exceeded.
    abandon = []
    for n, m in [(60, 60), (45, 70)]:
        a, b = walk(n), walk(m)
        exact = dtw_ndim.distance(a, b)
        for factor in [0.5, 0.99, 1.0, 2.0]:
            limit = exact * factor
            got = dtw_ndim.distance(a, b, max_dist=limit)
            abandon.append({"name": f"abandon {n}x{m} at {factor}", "first": series(a),
                            "second": series(b), "threshold": limit,
                            "distance": None if math.isinf(got) else got})

    # Subsequence (open begin and open end), tslearn dtw_subsequence_path.
    subsequences = []
    for n, m, start in [(20, 120, 50), (12, 60, 0), (15, 80, 65), (1, 30, 7)]:
        long = walk(m)
        query = long[start:start + n] + rng.normal(scale=0.3, size=(n, 2))
        path, dist = dtw_subsequence_path(query, long)
        subsequences.append({"name": f"subsequence {n} in {m}", "first": series(query),
                             "second": series(long), "distance": float(dist),
                             "path": {"first": [int(p[0]) for p in path],
                                      "second": [int(p[1]) for p in path]}})

    # LB_Keogh (tslearn, univariate, equal lengths).
    keogh = []
    for n, r in [(40, 0), (40, 2), (40, 5), (64, 10), (1, 3)]:
        q, c = walk(n, 1), walk(n, 1)
        keogh.append({"name": f"lb_keogh {n} radius {r}", "first": series(q), "second": series(c),
                      "radius": r, "lowerBound": float(lb_keogh(q, c, radius=r)),
                      "distance": float(tdtw(q[:, None], c[:, None], global_constraint="sakoe_chiba",
                                             sakoe_chiba_radius=r))})

    # All pairs (dtaidistance distance_matrix_fast, 2-D).
    pool = [walk(int(k)) for k in rng.integers(15, 30, size=9)]
    matrix = dtw_ndim.distance_matrix_fast(pool, parallel=False)
    pairwise = {"series": [series(s) for s in pool],
                "matrix": [[0.0 if i == j else float(matrix[min(i, j), max(i, j)])
                            for j in range(len(pool))] for i in range(len(pool))]}

    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump({"generator": "Scripts/reference/dtw.py", "cases": cases, "abandon": abandon,
                   "subsequence": subsequences, "lbKeogh": keogh, "pairwise": pairwise}, f)

    # DBA: tslearn dtw_barycenter_averaging, default initialisation (the mean), fixed iterations.
    dba = []
    for count, n, iters in [(6, 30, 10), (4, 25, 1), (5, 40, 30)]:
        base = walk(n)
        X = [base + rng.normal(scale=0.8, size=(n, 2)).cumsum(axis=0) * 0.3 for _ in range(count)]
        bary = dtw_barycenter_averaging(np.array(X), max_iter=iters, tol=1e-5)
        dba.append({"name": f"dba {count} x {n} x {iters}", "series": [series(x) for x in X],
                    "maxIterations": iters, "tolerance": 1e-5, "barycenter": series(bary)})
    # Unequal lengths: tslearn pads with NaN, starts from the NaN-ignoring mean (as long as the
    # longest series) and drops the padding before each alignment.
    X = [walk(n) * 0.2 + walk(n) for n in [20, 26, 31, 23]]
    bary = dtw_barycenter_averaging(to_time_series_dataset(X), max_iter=15, tol=1e-5)
    dba.append({"name": "dba unequal lengths", "series": [series(x) for x in X],
                "maxIterations": 15, "tolerance": 1e-5, "barycenter": series(bary)})
    with open(os.path.join(OUT, "dba.json"), "w") as f:
        json.dump({"generator": "Scripts/reference/dtw.py", "cases": dba}, f)

    # Real strokes: a few $1 unistroke gestures, parsed ad hoc; only their paths are stored.
    root = os.path.join(SHARED, "datasets")
    names = ["dollar-unistroke/s02/medium/arrow01.xml", "dollar-unistroke/s02/medium/arrow02.xml",
             "dollar-unistroke/s03/fast/circle05.xml", "dollar-unistroke/s05/slow/check03.xml",
             "dollar-unistroke/s07/medium/pigtail04.xml", "dollar-unistroke/s10/fast/star02.xml"]
    strokes = []
    for name in names:
        text = open(os.path.join(root, name), encoding="utf-8-sig").read()
        pts = [(float(x), float(y)) for x, y in re.findall(r'X="([-0-9.]+)" Y="([-0-9.]+)"', text)]
        strokes.append(np.array(pts))
    dollar = {"generator": "Scripts/reference/dtw.py", "files": names,
              "matrix": cdist_dtw(strokes).tolist(),
              "sakoeChiba5": cdist_dtw(strokes, global_constraint="sakoe_chiba",
                                       sakoe_chiba_radius=5).tolist()}
    path, dist = dtw_path(strokes[0], strokes[2])
    dollar["path02"] = {"first": [int(p[0]) for p in path], "second": [int(p[1]) for p in path],
                        "distance": float(dist)}
    with open(os.path.join(OUT, "dollar.json"), "w") as f:
        json.dump(dollar, f)
    print(f"wrote {len(cases)} cases, {len(abandon)} abandon, {len(subsequences)} subsequence, "
          f"{len(keogh)} LB_Keogh, {len(dba)} DBA, {len(names)} $1 gestures to {OUT}")


if __name__ == "__main__":
    sys.exit(main())
