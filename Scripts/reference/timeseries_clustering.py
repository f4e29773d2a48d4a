#!/usr/bin/env python3
"""Reference values for InkClustering's time-series clustering, from tslearn, on seeded warped
copies of a few random curves (no shared data):

- DTW k-means: tslearn.clustering.TimeSeriesKMeans(metric="dtw", n_init=1, init=<given centres>)
  labels, inertia, iterations and centres (DBA), on univariate and 2-D series of equal and
  unequal lengths, under a Sakoe-Chiba band, with shorter given centres (which tslearn stretches
  with TimeSeriesResampler), with an iteration limit and with k = 1;
- k-Shape: tslearn.clustering.KShape(n_init=1, init=<given centres>) labels, inertia, iterations
  and centres, on univariate and 2-D series of equal length, z-normalised by
  TimeSeriesScalerMeanVariance before the fit (the Swift side normalises the raw series itself),
  one of them constant;
- the FFT under k-Shape: numpy.fft.fft of seeded vectors of power-of-two lengths, and
  numpy.correlate(a, b, "full") (checked here against tslearn's normalized_cc).

Conventions shared with the Swift tests: a series is {"xs": [...], "ys": [...]}; univariate
series use channels ["x"] and ys = 0. Writes Tests/Fixtures/clustering/{dtw_kmeans,kshape}.json
and Tests/Fixtures/inkmath/fft.json.

Run: python3 Scripts/reference/timeseries_clustering.py   (numpy, tslearn 0.10)
"""
import json
import os

import numpy as np
import sklearn
import tslearn
from tslearn.clustering import KShape, TimeSeriesKMeans
from tslearn.metrics.cycc import normalized_cc
from tslearn.preprocessing import TimeSeriesScalerMeanVariance
from tslearn.utils import to_time_series_dataset

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures",
                   "clustering")
rng = np.random.default_rng(1215)


def prototype(d):
    """A smooth random curve of d channels, as a function of t in [0, 1]."""
    freqs = rng.uniform(0.5, 3, size=(3, d))
    phases = rng.uniform(0, 2 * np.pi, size=(3, d))
    amps = rng.uniform(0.5, 2, size=(3, d))
    return lambda t: sum(a * np.sin(2 * np.pi * f * t[:, None] + p)
                         for a, f, p in zip(amps, freqs, phases))


def warped_copies(n, d, prototypes, lengths, noise):
    """n series, each a randomly time-warped noisy copy of one of `prototypes` curves."""
    curves = [prototype(d) for _ in range(prototypes)]
    truth = rng.integers(0, prototypes, size=n)
    out = []
    for label in truth:
        sz = int(rng.integers(lengths[0], lengths[1] + 1))
        t = np.sort(rng.uniform(0, 1, size=sz))
        t = (t - t[0]) / (t[-1] - t[0])
        out.append(curves[label](t) + rng.normal(0, noise, size=(sz, d)))
    return out


def series(arr):
    arr = np.asarray(arr, dtype=float)
    arr = arr[~np.isnan(arr).any(axis=1)]
    return {"xs": arr[:, 0].tolist(),
            "ys": (arr[:, 1] if arr.shape[1] > 1 else np.zeros(len(arr))).tolist()}


def versions():
    return {"numpy": np.__version__, "sklearn": sklearn.__version__,
            "tslearn": tslearn.__version__}


dtw_cases = []
for n, d, prototypes, lengths, k, radius, max_iter, short_init in [
        (20, 1, 3, (16, 16), 3, None, 50, False), (30, 2, 4, (24, 24), 4, None, 50, False),
        (25, 2, 3, (10, 20), 3, None, 50, False), (24, 2, 3, (18, 18), 3, 3, 50, False),
        (18, 2, 3, (12, 16), 3, None, 50, True), (40, 2, 5, (20, 28), 5, None, 2, False),
        (12, 1, 2, (8, 14), 1, None, 50, False)]:
    data = warped_copies(n, d, prototypes, lengths, 0.15)
    X = to_time_series_dataset(data)
    sz = X.shape[1]
    picks = rng.choice(n, size=k, replace=False)
    if short_init:
        # Given centres as long as their series (NaN-padded): tslearn stretches them to sz.
        init = to_time_series_dataset([data[i] for i in picks])
    else:
        init = np.stack([np.interp(np.linspace(0, 1, sz), np.linspace(0, 1, len(data[i])),
                                   data[i][:, c]) for i in picks for c in range(d)])
        init = init.reshape(k, d, sz).transpose(0, 2, 1) + rng.normal(0, 0.05, size=(k, sz, d))
    # The band is given by its radius alone: tslearn's DBA hands metric_params to its path
    # kernel untranslated, so a named global_constraint="sakoe_chiba" would band the assignment
    # but not the barycentres.
    params = None if radius is None else {"sakoe_chiba_radius": radius}
    model = TimeSeriesKMeans(n_clusters=k, metric="dtw", max_iter=max_iter, tol=1e-6, n_init=1,
                             init=init, metric_params=params).fit(X)
    dtw_cases.append({
        "channels": ["x"] if d == 1 else ["x", "y"],
        "radius": radius, "maxIterations": max_iter, "tolerance": 1e-6, "k": k,
        "series": [series(s) for s in data], "init": [series(c) for c in init],
        "labels": model.labels_.tolist(), "inertia": float(model.inertia_),
        "iterations": int(model.n_iter_), "centres": [series(c) for c in model.cluster_centers_]})

kshape_cases = []
for n, d, prototypes, sz, k, max_iter, constant in [
        (30, 1, 3, 32, 3, 100, False), (30, 2, 4, 24, 4, 100, False), (24, 2, 3, 20, 3, 100, True),
        (40, 2, 5, 28, 5, 2, False), (10, 1, 2, 16, 1, 100, False)]:
    data = warped_copies(n, d, prototypes, (sz, sz), 0.15)
    if constant:
        data[5] = np.full((sz, d), 3.0)
    X = TimeSeriesScalerMeanVariance().fit_transform(np.stack(data))
    picks = rng.choice(np.arange(n) if not constant else np.delete(np.arange(n), 5), size=k,
                       replace=False)
    init = X[picks] + rng.normal(0, 0.05, size=(k, sz, d))
    model = KShape(n_clusters=k, max_iter=max_iter, tol=1e-6, n_init=1, init=init).fit(X)
    kshape_cases.append({
        "channels": ["x"] if d == 1 else ["x", "y"], "maxIterations": max_iter, "tolerance": 1e-6,
        "k": k, "series": [series(s) for s in data], "init": [series(c) for c in init],
        "labels": model.labels_.tolist(), "inertia": float(model.inertia_),
        "iterations": int(model.n_iter_), "centres": [series(c) for c in model.cluster_centers_]})

transforms = []
for size in [1, 2, 4, 8, 64, 1024]:
    x = rng.normal(size=size) + 1j * rng.normal(size=size) * (size % 3 == 1)
    spectrum = np.fft.fft(x)
    transforms.append({"real": x.real.tolist(), "imaginary": x.imag.tolist(),
                       "spectrumReal": spectrum.real.tolist(),
                       "spectrumImaginary": spectrum.imag.tolist()})
correlations = []
for na, nb in [(5, 3), (3, 5), (32, 32), (1, 4), (1, 1), (100, 37)]:
    a, b = rng.normal(size=na), rng.normal(size=nb)
    full = np.correlate(a, b, "full")
    if na == nb > 1:  # tslearn's lag slicing breaks for one sample (cc[-0:] is all of cc)
        assert np.allclose(normalized_cc(a[:, None], b[:, None], 1.0, 1.0), full, atol=1e-12)
    correlations.append({"a": a.tolist(), "b": b.tolist(), "correlation": full.tolist()})

os.makedirs(OUT, exist_ok=True)
for name, cases in [("dtw_kmeans", dtw_cases), ("kshape", kshape_cases)]:
    with open(os.path.join(OUT, name + ".json"), "w") as f:
        json.dump({"versions": versions(), "cases": cases}, f)
with open(os.path.join(OUT, "..", "inkmath", "fft.json"), "w") as f:
    json.dump({"versions": versions(), "transforms": transforms, "correlations": correlations}, f)
print(len(dtw_cases), "DTW k-means cases,", len(kshape_cases), "k-Shape cases,",
      len(transforms), "transforms,", len(correlations), "correlations")
