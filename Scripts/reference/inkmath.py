#!/usr/bin/env python3
"""Reference values for InkMath: NumPy, SciPy and scikit-learn on seeded random inputs.

Writes JSON fixtures to Tests/Fixtures/inkmath/ (run from anywhere):

  python3 Scripts/reference/inkmath.py

Every matrix is {"rows": r, "columns": c, "data": [row-major values]}; inputs are stored next to
the outputs, so the Swift tests use the very same numbers. Singular and eigenvectors are stored
after scikit-learn's svd_flip (u_based_decision=False: the largest-magnitude entry of each row
of Vt positive), the convention InkMath applies. Edge cases: 1 x 1, rank-deficient, duplicate
rows, tall and wide matrices.
"""
import json
from pathlib import Path

import numpy as np
import scipy
import scipy.linalg
import sklearn
from scipy.spatial import procrustes
from scipy.spatial.distance import cdist, pdist, squareform
from sklearn.decomposition import PCA
from sklearn.neighbors import NearestNeighbors
from sklearn.utils.extmath import svd_flip

OUT = Path(__file__).resolve().parents[2] / "Tests" / "Fixtures" / "inkmath"
rng = np.random.default_rng(20240607)


def m(a):
    a = np.atleast_2d(np.asarray(a, dtype=float))
    return {"rows": a.shape[0], "columns": a.shape[1], "data": [float(v) for v in a.ravel()]}


def v(a):
    return [float(x) for x in np.ravel(a)]


def low_rank(rows, columns, rank):
    return rng.standard_normal((rows, rank)) @ rng.standard_normal((rank, columns))


def write(name, cases):
    provenance = {
        "script": "Scripts/reference/inkmath.py",
        "numpy": np.__version__,
        "scipy": scipy.__version__,
        "sklearn": sklearn.__version__,
    }
    path = OUT / f"{name}.json"
    path.write_text(json.dumps({"provenance": provenance, "cases": cases}, indent=1) + "\n")
    print(f"wrote {path.relative_to(OUT.parents[2])} ({len(cases)} cases)")


def products():
    cases = []
    for ta in (False, True):
        for tb in (False, True):
            a = rng.standard_normal((4, 5) if ta else (5, 4))
            b = rng.standard_normal((3, 4) if tb else (4, 3))
            c = rng.standard_normal((5, 3))
            opa, opb = (a.T if ta else a), (b.T if tb else b)
            cases.append({
                "kind": "gemm", "transposeA": ta, "transposeB": tb, "alpha": 0.75, "beta": -1.5,
                "a": m(a), "b": m(b), "c": m(c), "expected": m(0.75 * opa @ opb - 1.5 * c),
            })
    for shape in ((6, 4), (1, 1), (3, 7)):
        a = rng.standard_normal(shape)
        cases.append({"kind": "syrk", "transpose": False, "alpha": 2.0, "a": m(a),
                      "expected": m(2.0 * a @ a.T)})
        cases.append({"kind": "syrk", "transpose": True, "alpha": 2.0, "a": m(a),
                      "expected": m(2.0 * a.T @ a)})
    return cases


def decompositions():
    inputs = {
        "tall": rng.standard_normal((7, 4)),
        "wide": rng.standard_normal((4, 7)),
        "square": rng.standard_normal((5, 5)),
        "one": np.array([[-3.5]]),
        "rankDeficient": low_rank(6, 5, 2),
        "duplicateRows": np.repeat(rng.standard_normal((3, 4)), 2, axis=0),
    }
    svd_cases = []
    for name, a in inputs.items():
        for full in (False, True):
            u, s, vt = np.linalg.svd(a, full_matrices=full)
            k = len(s)
            uk, vtk = svd_flip(u[:, :k].copy(), vt[:k].copy(), u_based_decision=False)
            u[:, :k] = uk
            vt[:k] = vtk
            # Vectors are compared only where the singular value is distinct and non-zero.
            tol = s.max(initial=0) * max(a.shape) * np.finfo(float).eps * 10
            distinct = [bool(s[i] > tol and all(abs(s[i] - s[j]) > 1e-6 * s[0]
                                                for j in range(k) if j != i)) for i in range(k)]
            svd_cases.append({"name": name, "full": full, "a": m(a), "u": m(u), "s": v(s),
                              "vt": m(vt), "comparableVectors": distinct})
    eigh_cases = []
    for name, n in (("random", 6), ("one", 1), ("two", 2)):
        g = rng.standard_normal((n, n))
        a = (g + g.T) / 2
        w, vec = np.linalg.eigh(a)
        _, vt = svd_flip(None, vec.T.copy(), u_based_decision=False)
        eigh_cases.append({"name": name, "a": m(a), "eigenvalues": v(w), "eigenvectors": m(vt.T)})
    # Only the lower triangle is read, as numpy's default UPLO='L'.
    a = rng.standard_normal((4, 4))
    w, vec = np.linalg.eigh(a)
    _, vt = svd_flip(None, vec.T.copy(), u_based_decision=False)
    eigh_cases.append({"name": "lowerTriangleOnly", "a": m(a), "eigenvalues": v(w),
                       "eigenvectors": m(vt.T)})
    return {"svd": svd_cases, "eigh": eigh_cases}


def solves():
    cases = []
    a = rng.standard_normal((5, 5))
    b = rng.standard_normal((5, 2))
    cases.append({"kind": "gesv", "a": m(a), "b": m(b), "x": m(np.linalg.solve(a, b))})
    g = rng.standard_normal((5, 5))
    spd = g @ g.T + 5 * np.eye(5)
    cases.append({"kind": "posv", "a": m(spd), "b": m(b),
                  "x": m(scipy.linalg.solve(spd, b, assume_a="pos"))})
    for name, a in (("tall", rng.standard_normal((8, 3))), ("wide", rng.standard_normal((3, 6))),
                    ("rankDeficient", low_rank(6, 4, 2)), ("one", np.array([[2.0]]))):
        b = rng.standard_normal((a.shape[0], 2))
        x, _, rank, s = np.linalg.lstsq(a, b, rcond=None)
        cases.append({"kind": "gelsd", "name": name, "a": m(a), "b": m(b), "x": m(x),
                      "rank": int(rank), "s": v(s)})
    return cases


def distances():
    x = rng.standard_normal((30, 5))
    x[7] = x[3]  # a duplicate row: its distance must come out as 0, not a tiny negative
    y = rng.standard_normal((20, 5))
    one = np.array([[1.5, -2.0]])
    return [
        {"name": "xy", "x": m(x), "y": m(y), "euclidean": m(cdist(x, y)),
         "squared": m(cdist(x, y, "sqeuclidean"))},
        {"name": "xx", "x": m(x), "y": m(x), "euclidean": m(squareform(pdist(x))),
         "squared": m(squareform(pdist(x, "sqeuclidean")))},
        {"name": "one", "x": m(one), "y": m(one), "euclidean": m([[0.0]]), "squared": m([[0.0]])},
        {"name": "offset", "x": m(x + 100.0), "y": m(y + 100.0),
         "euclidean": m(cdist(x + 100.0, y + 100.0)),
         "squared": m(cdist(x + 100.0, y + 100.0, "sqeuclidean"))},
    ]


def pca_cases():
    cases = []
    base = rng.standard_normal((200, 6)) @ np.diag([5.0, 3.0, 2.0, 1.0, 0.5, 0.1])
    rotation = np.linalg.qr(rng.standard_normal((6, 6)))[0]
    inputs = {
        "correlated": base @ rotation + 10.0,
        "rankDeficient": low_rank(50, 6, 3) + 1.0,
        "wide": rng.standard_normal((5, 8)) @ np.diag(np.arange(8.0, 0.0, -1.0)),
        "twoRows": np.array([[1.0, 2.0, 3.0], [4.0, 0.0, -1.0]]),
    }
    for name, data in inputs.items():
        new = rng.standard_normal((4, data.shape[1])) + data.mean(axis=0)
        for solver, swift in (("covariance_eigh", "covarianceEigh"), ("full", "fullSVD")):
            for count in (None, 2):
                pca = PCA(n_components=count, svd_solver=solver).fit(data)
                scores = pca.transform(new)
                variance = pca.explained_variance_
                full_rank = np.linalg.matrix_rank(data - data.mean(axis=0))
                comparable = [bool(i < full_rank and all(
                    abs(variance[i] - variance[j]) > 1e-6 * variance[0]
                    for j in range(len(variance)) if j != i)) for i in range(len(variance))]
                cases.append({
                    "name": name, "solver": swift, "componentCount": count, "data": m(data),
                    "mean": v(pca.mean_), "components": m(pca.components_),
                    "explainedVariance": v(variance),
                    "explainedVarianceRatio": v(pca.explained_variance_ratio_),
                    "singularValues": v(pca.singular_values_),
                    "noiseVariance": float(pca.noise_variance_),
                    "comparableComponents": comparable, "newData": m(new),
                    "transformed": m(scores), "inverse": m(pca.inverse_transform(scores)),
                })
    return cases


def neighbors():
    points = rng.standard_normal((40, 4))
    queries = rng.standard_normal((25, 4))
    nn = NearestNeighbors(n_neighbors=5, algorithm="brute").fit(points)
    d, i = nn.kneighbors(queries)
    cases = [{"name": "queries", "queries": m(queries), "points": m(points), "k": 5,
              "indices": [int(x) for x in i.ravel()], "distances": v(d)}]
    d, i = nn.kneighbors(n_neighbors=4)  # no X: each point's neighbours exclude itself
    cases.append({"name": "self", "queries": m(points), "points": m(points), "k": 4,
                  "indices": [int(x) for x in i.ravel()], "distances": v(d)})
    return cases


def procrustes_cases():
    cases = []
    for name, n, d in (("planar", 10, 2), ("spatial", 12, 3)):
        a = rng.standard_normal((n, d))
        q = np.linalg.qr(rng.standard_normal((d, d)))[0]
        b = 0.4 * a @ q + rng.standard_normal(d) + 0.05 * rng.standard_normal((n, d))
        mtx1, mtx2, disparity = procrustes(a, b)
        r, scale = scipy.linalg.orthogonal_procrustes(a, b)
        cases.append({"name": name, "reference": m(a), "shape": m(b),
                      "standardizedReference": m(mtx1), "standardizedTransformed": m(mtx2),
                      "disparity": float(disparity), "orthogonalRotation": m(r),
                      "orthogonalScale": float(scale)})
    return cases


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    write("products", products())
    dec = decompositions()
    write("svd", dec["svd"])
    write("eigh", dec["eigh"])
    write("solves", solves())
    write("distances", distances())
    write("pca", pca_cases())
    write("neighbors", neighbors())
    write("procrustes", procrustes_cases())
