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
  Calinski-Harabasz, adjusted Rand and normalized mutual information;
- mini-batch k-means: the centres, per-centre counts and batch inertia after each step of a NumPy
  re-implementation of scikit-learn's `_mini_batch_step` (random_reassign=False) on fixed batches,
  checked against scikit-learn's own function; and MiniBatchKMeans's inertia on blobs;
- DBSCAN: sklearn.cluster.DBSCAN labels from features (euclidean) and from a precomputed
  cityblock matrix, with noise points;
- HDBSCAN: sklearn.cluster.HDBSCAN labels and probabilities (as it is, and with the spanning
  tree's edges sorted stably, which decides between equal distances only) on blobs, two moons, blobs with
  uniform noise, data with duplicated points and a precomputed cityblock matrix, by excess of
  mass and by leaves, with and without min_samples, and allow_single_cluster on one blob.

Distance matrices are not stored: the tests compute them from the points with the same sums in
the same order as SciPy's pdist (euclidean, sqeuclidean, cityblock). Writes
Tests/Fixtures/clustering/{kmeans,linkage,kmedoids,scores,minibatch,dbscan,hdbscan}.json."""
import importlib.metadata
import json
import os

import kmedoids
import numpy as np
import scipy
import sklearn
from scipy.cluster.hierarchy import fcluster, linkage
from scipy.spatial.distance import pdist, squareform
from sklearn.cluster import DBSCAN, HDBSCAN, KMeans, MiniBatchKMeans
from sklearn.datasets import make_moons
import sklearn.cluster._hdbscan.hdbscan as hdbscan_module
from sklearn.cluster._hdbscan._linkage import make_single_linkage
from sklearn.cluster._kmeans import _mini_batch_step
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
# One column (NumPy sums it pairwise, as the contiguous axis) and ten (eight columns a vector and
# two alone), from their own generator so that the cases above and below keep their data.
extra = np.random.default_rng(7)
for n, d, k, tol in [(1000, 1, 4, 1e-4), (400, 10, 6, 1e-4)]:
    means = extra.uniform(-10, 10, size=(k, d))
    x = means[extra.integers(0, k, size=n)] + extra.normal(0, 2.0, size=(n, d))
    init = x[extra.choice(n, size=k, replace=False)]
    model = KMeans(n_clusters=k, init=init, n_init=1, algorithm="lloyd", tol=tol,
                   max_iter=300).fit(x)
    kmeans_cases.append({"points": n, "dimensions": d, "k": k, "tolerance": tol,
                         "maxIterations": 300, "data": x.ravel().tolist(),
                         "init": init.ravel().tolist(), "labels": model.labels_.tolist(),
                         "inertia": float(model.inertia_), "iterations": int(model.n_iter_),
                         "centres": model.cluster_centers_.ravel().tolist(),
                         "mean": x.mean(axis=0).tolist(),
                         "meanVariance": float(np.mean(np.var(x, axis=0)))})

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



def mini_batch_step(x, centres, counts):
    """scikit-learn's _mini_batch_step without reassignment, in NumPy: each point of the batch
    goes to its nearest centre (the first of equally near ones); a centre that got points moves
    to (old centre * old count + sum of its new points) / (old count + new points)."""
    squared = ((x[:, None, :] - centres[None, :, :]) ** 2).sum(axis=2)
    labels = squared.argmin(axis=1)
    inertia = squared[np.arange(len(x)), labels].sum()
    new = centres.copy()
    counts = counts.copy()
    for j in range(len(centres)):
        members = x[labels == j]
        if len(members):
            new[j] = (centres[j] * counts[j] + members.sum(axis=0)) / (counts[j] + len(members))
            counts[j] += len(members)
    return new, counts, float(inertia)


minibatch_cases = []
for n, d, centres, spread, k, batch, steps in [(200, 2, 3, 1.0, 3, 16, 12), (500, 6, 5, 2.5, 8, 64, 10),
                                               (120, 3, 2, 3.0, 5, 7, 20)]:
    x, _ = blobs(n, d, centres, spread)
    init = x[rng.choice(n, size=k, replace=False)] + rng.normal(0, 0.1, size=(k, d))
    batches = [rng.integers(0, n, size=batch) for _ in range(steps)]
    current, counts, history = init.copy(), np.zeros(k), []
    for indices in batches:
        current, counts, inertia = mini_batch_step(x[indices], current, counts)
        history.append({"centres": current.ravel().tolist(), "counts": counts.tolist(),
                        "inertia": inertia})
    # The same steps through scikit-learn's own function.
    theirs, their_counts = init.copy(), np.zeros(k)
    for indices, expected in zip(batches, history):
        out = np.empty_like(theirs)
        inertia = _mini_batch_step(x[indices], np.ones(len(indices)), theirs, out, their_counts,
                                   np.random.RandomState(0), random_reassign=False, n_threads=1)
        theirs = out
        assert np.allclose(theirs.ravel(), expected["centres"], rtol=1e-12, atol=1e-12)
        assert np.allclose(their_counts, expected["counts"]) and np.isclose(inertia, expected["inertia"])
    minibatch_cases.append({"points": n, "dimensions": d, "k": k, "data": x.ravel().tolist(),
                            "init": init.ravel().tolist(),
                            "batches": [b.tolist() for b in batches], "steps": history})

# MiniBatchKMeans on separated blobs, for the inertia it reaches (its batches come from NumPy's
# generator, so only the inertia is compared, with KMeans's as the floor).
x, _ = blobs(3000, 4, 6, 1.0)
minibatch_fit = {"points": 3000, "dimensions": 4, "k": 6, "batchSize": 256, "data": x.ravel().tolist(),
                 "inertia": float(MiniBatchKMeans(n_clusters=6, batch_size=256, n_init=1,
                                                  random_state=0).fit(x).inertia_),
                 "lloydInertia": float(KMeans(n_clusters=6, n_init=10, random_state=0).fit(x).inertia_)}

dbscan_cases = []
for n, d, centres, spread, noise, eps, min_samples, metric in [
        (150, 2, 3, 0.8, 20, 0.9, 5, "euclidean"), (300, 4, 5, 1.5, 40, 2.0, 8, "euclidean"),
        (200, 3, 4, 1.0, 30, 2.5, 4, "cityblock"), (80, 2, 2, 2.0, 10, 0.5, 3, "euclidean"),
        (100, 5, 3, 1.0, 0, 50.0, 1, "euclidean")]:
    x, _ = blobs(n, d, centres, spread)
    if noise:
        x = np.vstack([x, rng.uniform(-14, 14, size=(noise, d))])
    if metric == "euclidean":
        labels = DBSCAN(eps=eps, min_samples=min_samples).fit(x).labels_
    else:
        labels = DBSCAN(eps=eps, min_samples=min_samples, metric="precomputed").fit(
            squareform(pdist(x, metric))).labels_
    dbscan_cases.append({"points": len(x), "dimensions": d, "metric": metric, "eps": eps,
                         "minSamples": min_samples, "data": x.ravel().tolist(),
                         "labels": labels.tolist()})

hdbscan_cases = []
scikit_learn_mst_order = hdbscan_module._process_mst


def stable_mst_order(mst):
    """scikit-learn's _process_mst with the spanning tree's edges sorted stably: NumPy's default
    argsort orders equal mutual reachability distances (frequent: a core distance is the weight
    of several edges) in no documented order, which InkClustering cannot reproduce."""
    return make_single_linkage(mst[np.argsort(mst["distance"], kind="stable")])


def hdbscan_case(x, metric, min_cluster_size, min_samples, selection, single=False):
    fits = []
    for order in [scikit_learn_mst_order, stable_mst_order]:
        hdbscan_module._process_mst = order
        model = HDBSCAN(min_cluster_size=min_cluster_size, min_samples=min_samples,
                        cluster_selection_method=selection, allow_single_cluster=single,
                        metric="euclidean" if metric == "euclidean" else "precomputed", copy=True)
        fits.append(model.fit(x if metric == "euclidean" else squareform(pdist(x, metric))))
    hdbscan_module._process_mst = scikit_learn_mst_order
    hdbscan_cases.append({"points": len(x), "dimensions": x.shape[1], "metric": metric,
                          "minClusterSize": min_cluster_size, "minSamples": min_samples,
                          "selection": selection, "allowSingleCluster": single,
                          "data": x.ravel().tolist(), "labels": fits[0].labels_.tolist(),
                          "probabilities": fits[0].probabilities_.tolist(),
                          "stableLabels": fits[1].labels_.tolist(),
                          "stableProbabilities": fits[1].probabilities_.tolist()})


x, _ = blobs(300, 2, 4, 1.0)
hdbscan_case(x, "euclidean", 10, None, "eom")
hdbscan_case(x, "euclidean", 10, 5, "leaf")
moons, _ = make_moons(n_samples=250, noise=0.07, random_state=7)
hdbscan_case(moons, "euclidean", 8, 4, "eom")
x, _ = blobs(400, 3, 5, 1.5)
x = np.vstack([x, rng.uniform(-14, 14, size=(60, 3))])
hdbscan_case(x, "euclidean", 15, None, "eom")
hdbscan_case(x, "euclidean", 5, 3, "leaf")
hdbscan_case(x, "cityblock", 12, 6, "eom")
x, _ = blobs(120, 2, 3, 0.8)
x = np.vstack([x, x[:30], np.repeat(x[:1], 6, axis=0)])
hdbscan_case(x, "euclidean", 6, None, "eom")
hdbscan_case(x, "euclidean", 4, 2, "leaf")
x, _ = blobs(80, 2, 1, 1.0)
hdbscan_case(x, "euclidean", 5, None, "eom", single=True)
hdbscan_case(x, "euclidean", 5, None, "eom")

os.makedirs(OUT, exist_ok=True)
for name, cases in [("kmeans", kmeans_cases), ("linkage", linkage_cases), ("kmedoids", kmedoids_cases),
                    ("scores", score_cases), ("minibatch", {"steps": minibatch_cases, "fit": minibatch_fit}),
                    ("dbscan", dbscan_cases), ("hdbscan", hdbscan_cases)]:
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"versions": versions(), "cases": cases}, f)
print(len(kmeans_cases), "k-means,", len(linkage_cases), "linkage,", len(kmedoids_cases), "k-medoids,",
      len(score_cases), "score,", len(minibatch_cases), "mini-batch,", len(dbscan_cases), "DBSCAN,",
      len(hdbscan_cases), "HDBSCAN cases")
