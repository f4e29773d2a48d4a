#!/usr/bin/env python3
"""Reference values for InkClustering, on seeded synthetic blobs (no shared data):

- k-means: scikit-learn's KMeans(algorithm="lloyd", n_init=1, init=<given centres>) labels,
  inertia, centres and iterations, for several k, tolerances and iteration limits;
- hierarchical: scipy.cluster.hierarchy.linkage (single, complete, average, ward) from the
  features and from a precomputed condensed matrix of another metric (cityblock), and fcluster
  with criterion="maxclust";
- k-medoids: kmedoids.fasterpam(diss, <given medoids>) medoids, labels, loss, iterations and
  swaps (random_state=None and n < 1000, so the deterministic single-thread FasterPAM), on
  symmetric matrices and on one that is not;
- quality scores: sklearn.metrics silhouette (euclidean and precomputed), Davies-Bouldin,
  Calinski-Harabasz, adjusted Rand and normalized mutual information.

Distance matrices are not stored: the tests compute them from the points with the same sums in
the same order as SciPy's pdist (euclidean, sqeuclidean, cityblock). Writes
Tests/Fixtures/clustering/{kmeans,linkage,kmedoids,scores}.json."""
import importlib.metadata
import json
import os

import kmedoids
import numpy as np
import scipy
import sklearn
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import pdist, squareform
from sklearn.cluster import KMeans
from sklearn.metrics import (adjusted_rand_score, calinski_harabasz_score, davies_bouldin_score,
                             normalized_mutual_info_score, silhouette_score)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures",
                   "clustering")
rng = np.random.default_rng(2026)


def blobs(n, d, centres, spread):
    """n points around `centres` random centres in d dimensions, and their true labels."""
    means = rng.uniform(-10, 10, size=(centres, d))
    truth = rng.integers(0, centres, size=n)
    return means[truth] + rng.normal(0, spread, size=(n, d)), truth


def versions():
    return {"numpy": np.__version__, "scipy": scipy.__version__, "sklearn": sklearn.__version__,
            "kmedoids": importlib.metadata.version("kmedoids")}


kmeans_cases = []
for n, d, centres, spread, k, tol, max_iter in [
        (60, 2, 3, 1.0, 3, 1e-4, 300), (200, 5, 4, 2.5, 4, 1e-4, 300), (300, 8, 6, 3.0, 8, 0.0, 300),
        (150, 3, 2, 4.0, 5, 1e-4, 3), (500, 16, 10, 2.0, 10, 1e-3, 300), (40, 4, 1, 1.0, 1, 1e-4, 300)]:
    x, _ = blobs(n, d, centres, spread)
    init = x[rng.choice(n, size=k, replace=False)] + rng.normal(0, 0.1, size=(k, d))
    if k == 5:
        # Two centres far from every point: both clusters start empty and take the farthest
        # points (scikit-learn's relocation of empty clusters).
        init[1] += 1000
        init[3] -= 1000
    model = KMeans(n_clusters=k, init=init, n_init=1, algorithm="lloyd", tol=tol,
                   max_iter=max_iter).fit(x)
    kmeans_cases.append({"points": n, "dimensions": d, "k": k, "tolerance": tol,
                         "maxIterations": max_iter, "data": x.ravel().tolist(),
                         "init": init.ravel().tolist(), "labels": model.labels_.tolist(),
                         "inertia": float(model.inertia_), "iterations": int(model.n_iter_),
                         "centres": model.cluster_centers_.ravel().tolist()})

linkage_cases = []
for n, d, centres, spread, metric in [(30, 2, 3, 1.5, "euclidean"), (120, 6, 5, 2.0, "euclidean"),
                                       (80, 3, 4, 2.0, "cityblock"), (400, 10, 8, 3.0, "euclidean")]:
    x, _ = blobs(n, d, centres, spread)
    condensed = pdist(x, metric)
    methods = {}
    for method in ["single", "complete", "average", "ward"]:
        z = linkage(x, method) if metric == "euclidean" else linkage(condensed, method)
        flat = {str(t): fcluster(z, t, criterion="maxclust").tolist()
                for t in [1, 2, 3, 5, 12, n - 1, n]}
        methods[method] = {"linkage": z.ravel().tolist(), "maxclust": flat}
    linkage_cases.append({"points": n, "dimensions": d, "metric": metric,
                          "data": x.ravel().tolist(), "methods": methods})

kmedoids_cases = []
for n, d, centres, spread, k, metric in [(50, 2, 3, 1.0, 3, "euclidean"), (200, 4, 5, 2.0, 5, "euclidean"),
                                          (300, 6, 8, 3.0, 12, "cityblock"), (120, 3, 2, 2.0, 1, "euclidean"),
                                          (250, 5, 4, 3.0, 2, "sqeuclidean"),
                                          (150, 3, 4, 2.0, 4, "directed")]:
    x, _ = blobs(n, d, centres, spread)
    if metric == "directed":
        # Not symmetric: the Euclidean distance plus half the first coordinate's size of the
        # point gone to (0 on the diagonal).
        diss = squareform(pdist(x)) + 0.5 * np.abs(x[:, 0])[None, :]
        np.fill_diagonal(diss, 0)
    else:
        diss = squareform(pdist(x, metric))
    start = rng.choice(n, size=k, replace=False)
    result = kmedoids.fasterpam(diss, start.copy(), max_iter=100)
    kmedoids_cases.append({"points": n, "dimensions": d, "metric": metric, "k": k, "data": x.ravel().tolist(),
                           "initialMedoids": start.tolist(), "medoids": [int(m) for m in result.medoids],
                           "labels": [int(v) for v in result.labels], "loss": float(result.loss),
                           "iterations": int(result.n_iter), "swaps": int(result.n_swap)})

score_cases = []
for n, d, centres, spread, noise in [(90, 2, 3, 1.0, 0.0), (250, 6, 5, 3.0, 0.2), (400, 4, 7, 4.0, 0.5),
                                     (30, 3, 2, 1.0, 0.9)]:
    x, truth = blobs(n, d, centres, spread)
    predicted = truth.copy()
    flip = rng.uniform(size=n) < noise
    predicted[flip] = rng.integers(0, centres + 1, size=flip.sum())
    # labels need not be 0..<k: shift and scatter them
    predicted = predicted * 3 - 2
    diss = squareform(pdist(x, "cityblock"))
    score_cases.append({"points": n, "dimensions": d, "data": x.ravel().tolist(), "truth": truth.tolist(),
                        "predicted": predicted.tolist(),
                        "silhouette": float(silhouette_score(x, predicted)),
                        "silhouettePrecomputed": float(silhouette_score(diss, predicted, metric="precomputed")),
                        "daviesBouldin": float(davies_bouldin_score(x, predicted)),
                        "calinskiHarabasz": float(calinski_harabasz_score(x, predicted)),
                        "adjustedRand": float(adjusted_rand_score(truth, predicted)),
                        "normalizedMutualInformation": float(normalized_mutual_info_score(truth, predicted))})

os.makedirs(OUT, exist_ok=True)
for name, cases in [("kmeans", kmeans_cases), ("linkage", linkage_cases), ("kmedoids", kmedoids_cases),
                    ("scores", score_cases)]:
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"versions": versions(), "cases": cases}, f)
print(len(kmeans_cases), "k-means,", len(linkage_cases), "linkage,", len(kmedoids_cases), "k-medoids,",
      len(score_cases), "score cases")
