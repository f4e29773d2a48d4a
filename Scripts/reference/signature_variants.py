#!/usr/bin/env python3
"""Variants of InkSignatures' verification on SVC2004 Task 2, in seconds each: the harness behind
the "Variants tried" table of the SignatureVerification article.

Unlike the fixture scripts beside it, this one reads ../shared (or DUCTUS_SHARED):
datasets/svc2004-task2-dev, users 1-20. It re-implements, from the article, what
SignatureEvaluation does: the features through signature_features.py (the reference of
InkFeatures), the files read as InkFormats' SVC2004Reader reads them (button-0 rows start a
stroke, repeated or backward timestamps replaced by the median step, y negated, force =
pressure / 1023, angles in tenths of a degree), DTW with a Euclidean local cost over the
z-normalised functions divided by n + m within a Sakoe-Chiba band of 10% of the longer signature,
ten trials a user drawn by SplitMix64(seed + 1000 u + t), references five of S1-S10, tests S11-S20,
S21-S40 and S1 of the other users, the cohort S2 of the other users, and the two folds over users
(tune on 1-10, report on 11-20, and the reverse). The DTW tables are cached (CACHE below), so a
variant of the fusion costs a few seconds. With the method of main before issue 11 it gives
3.70% / 12.88% (per user / pooled, skilled, all twenty held out), where SignatureEvaluation
gives 3.67% / 12.88%.

Run: python3 Scripts/reference/signature_variants.py [variant ...]   (numpy, numba, scikit-learn)
(a beginning that names no variant, such as "sixth:", runs every variant it begins)
or with --consistency alone for the enrolment check's ratios over every five of S1-S10, with
--enrolment-correlations alone for how far figures of an enrolment predict where its scores sit,
or with --cohort-cost alone for the DTW cells the seventh round's T-norm adds for user 17,
with --synthetic-correlations alone for how far the eighth round's synthetic anchors predict where
a user's scores sit, or with --synthetic-bound alone for the least pooled EER its anchors reach
with every parameter chosen on all twenty users (a bound, not held out), or with --template-cost
alone for the DTW cells the ninth round's mean template adds to a verification of user 17, with
--template-correlations alone for what its anchors follow and how close together its users'
thresholds lie, or with --paired VARIANT ... for each variant's pooled EER trial by trial against
the method's.
Prints a line a variant: each fold's held-out per-user / pooled skilled EER, then all twenty
users (each scored by the fold that held it out) with the deviation over trials, then the
random-forgery EERs. With UNMAPPED=1 the held-out scores are the negated fused distances instead
of each fold's logistic map of them, so that the pooled figure over all twenty is that of one
threshold on the fused distance (what it would be if both folds had fitted the same map);
VERBOSE=1 prints each fold's tuned parameters and map on standard error. FOLDS=N cuts the users
into N folds in input order (FOLDS=5: users 1-4, 5-8, ...; FOLDS=20: leave one user out, tune on
the other 19), each reported on by settings tuned on the others; the default is the two halves.
MAP=median fits each fold's logistic map to one genuine and one forgery point a tuning user (the
medians of the user's fused distances), so that no user weighs more than another; MAP_C sets the
inverse strength of that map's ridge (scikit-learn's C, 1e6 by default).

The T-norm variants compare each questioned signature with the user's cohort too (S2 of every
other user, without the forger's own for a random forgery): 16,000 more DTW pairs, cached. The
seventh round's ("seventh:") compare it with S2-S10 of the tuning users only: 106,000 pairs at
full rate and as many at half rate, cached (about half a minute).

The eighth round's ("eighth:") make synthetic skilled forgeries of each user's S1-S10 (SYNTHETIC:
the path re-timed 1.5 or 2 times slower at a uniform or smoothed speed, displaced by smooth
Fourier modes of 3-25% of the bounding box, slanted and stretched, hesitations, the force
smoothed, two references blended along their DTW path, and combinations; seeded by user,
signature and distortion, not by the trial), computed from the raw samples like the references'
features, and compare each with the references: about 2,000 DTW pairs a distortion (18,000 for
a blend of two), cached, a minute or two for all of them. A trial's synthetic anchor is the
references' mean distance to the other references' synthetic forgeries ("own": each to its own).

The ninth round's ("ninth:") learn a writer-independent verifier in the dissimilarity space (a
vector of 36 dissimilarities of a questioned signature from a trial's references, each relative to
the references' own: the anchored joint distance, the ten functions' costs along the joint path,
the path's shape, the global distances, length and duration, ranks) with scikit-learn's logistic
regression or gradient-boosted trees, trained on the tuning users' S11-S20 against S21-S40 over
the trials and DRAWS (40 by default) more draws of five of S1-S10 a tuning user; and compare the
questioned signature with a DTW barycentre (DBA) of the references, anchored at the references'
distances to the DBA of the other four (leave-one-out) and at the cohort's (mean or nearest),
alone and beside the method: 200 DBAs of the five and 1,000 of four a seed, and 14,600 DTW pairs,
cached (about twenty seconds).
"""
import itertools
import math
import os
import sys
import zlib

import numpy as np
from numba import njit
from sklearn.linear_model import LogisticRegression

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import signature_features as sf  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("DUCTUS_SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
DATA = os.path.join(SHARED, "datasets", "svc2004-task2-dev")
CACHE = os.path.join(os.environ.get("TMPDIR", "/tmp"), "ductus-signature-variants")
USERS, TRIALS, REFERENCES, POOL = 20, 10, 5, 10
SEED = int(os.environ.get("SEED", "1"))
GEN, SKILLED, RANDOM = 10, 20, USERS - 1
TESTS = list(range(10, 40)) + list(range(40, 40 + RANDOM))  # columns of a user's table
COHORT = list(range(40 + RANDOM, 40 + 2 * RANDOM))
BASE = ["x", "y", "dx", "dy", "velocity", "dvelocity", "pressure", "dpressure"]
FOLDS = int(os.environ.get("FOLDS", "2"))
WEIGHTS = [0.0] + [2 ** (k / 2) for k in range(-12, 3)]
EXPONENTS = [k / 10 for k in range(11)]


def monotone_seconds(stamps):
    steps = np.diff(stamps)
    forward = np.sort(steps[steps > 0])
    nominal = forward[len(forward) // 2] if len(forward) else 1.0
    shift, out = 0.0, [0.0]
    for k, step in enumerate(steps):
        if not step > 0:
            shift += nominal - step
        out.append((stamps[k + 1] - stamps[0] + shift) / 1000.0)
    return out


def read(user, signature):
    rows = np.loadtxt(os.path.join(DATA, f"U{user}S{signature}.TXT"), skiprows=1, ndmin=2)
    strokes, points, start, degrees = [], [], 0.0, math.pi / 1800
    for row, time in zip(rows, monotone_seconds(rows[:, 2])):
        if row[3] == 0 and points:
            strokes.append({"start": start, "points": points})
            points = []
        if not points:
            start = time
        points.append([row[0], -row[1], time - start, row[6] / 1023, row[4] * degrees,
                       row[5] * degrees])
    strokes.append({"start": start, "points": points})
    return {"strokes": strokes}


def features():
    path = os.path.join(CACHE, "features.npz")
    if os.path.exists(path):
        return np.load(path, allow_pickle=True)["features"].item()
    out = {}
    for u in range(1, USERS + 1):
        for s in range(1, 41):
            samples, ranges = sf.samples(read(u, s))
            local = sf.local_functions(samples)
            glob, _ = sf.global_features(samples, ranges)
            out[(u, s)] = ({n: np.array(c) for n, c in zip(local["names"], local["columns"])}, glob)
    np.savez(path, features=np.array(out, dtype=object))
    return out


def shared_scale_functions(feats):
    """Adds to each signature's local functions `xShared`, `yShared`, `dxShared` and `dyShared`:
    the position and its regression derivative centred and divided by one scale for both axes,
    sqrt((var x + var y) / 2), so that the aspect ratio the per-axis z-normalisation removes is
    kept (the derivative is not centred here); `dxCentred`, `dyCentred`, the derivative centred
    too, as InkSignatures' SignatureMatcher.features computes it; and `dxGlobal`, `dyGlobal`
    (`dxGlobalMean`, `dyGlobalMean`), the z-normalised dx, dy rescaled by the global features'
    sdVx, sdVy (plus meanVx, meanVy), which are per second and taken stroke by stroke; and
    `speedShared`, the speed of the shared-scale components (not centred)."""
    path = os.path.join(CACHE, "shared-scale.npz")
    if os.path.exists(path):
        extra = np.load(path, allow_pickle=True)["functions"].item()
    else:
        extra = {}
        for u in range(1, USERS + 1):
            for s in range(1, 41):
                samples, _ = sf.samples(read(u, s))
                x, y = np.array(samples["x"], float), np.array(samples["y"], float)
                x, y = x - x.mean(), y - y.mean()
                dx, dy = sf.regression(x), sf.regression(y)
                scale = math.sqrt((x.var() + y.var()) / 2) or 1.0
                rate = math.sqrt((dx.var() + dy.var()) / 2) or 1.0
                extra[(u, s)] = {"xShared": x / scale, "yShared": y / scale,
                                 "dxShared": dx / rate, "dyShared": dy / rate}
        np.savez(path, functions=np.array(extra, dtype=object))
    for key, functions in feats.items():
        functions[0].update(extra[key])
        local, glob = functions
        for name in ("dx", "dy"):
            shared = local[name + "Shared"]
            local[name + "Centred"] = shared - shared.mean()
        axes = math.sqrt((glob["sdVx"] ** 2 + glob["sdVy"] ** 2) / 2) or 1.0
        for name, axis in (("dx", "Vx"), ("dy", "Vy")):
            local[name + "Global"] = local[name] * glob["sd" + axis] / axes
            local[name + "GlobalMean"] = local[name + "Global"] + glob["mean" + axis] / axes
        local["speedShared"] = np.hypot(local["dxShared"], local["dyShared"])
    return feats


@njit(cache=True)
def dtw_table(a, b, radius):
    """The accumulated cost table of `dtw`'s warping (Euclidean local cost, the band `radius`
    beyond the difference in length), row and column 0 the start: `d[n, m]` is the summed cost."""
    n, m = a.shape[0], b.shape[0]
    below, above = max(0, n - m) + radius, max(0, m - n) + radius
    d = np.full((n + 1, m + 1), np.inf)
    d[0, 0] = 0.0
    for i in range(n):
        for j in range(max(0, i - below), min(m - 1, i + above) + 1):
            s = 0.0
            for k in range(a.shape[1]):
                s += (a[i, k] - b[j, k]) ** 2
            d[i + 1, j + 1] = math.sqrt(s) + min(d[i, j + 1], d[i, j], d[i + 1, j])
    return d


@njit(cache=True)
def warping_path_costs(a, b, radius, groups):
    """The DTW of `dtw` with its path traced: [joint distance, each group's Euclidean cost along
    the path (all over n + m), the path's steps over n + m, its share of steps that are not
    diagonal, its mean distance from the diagonal in relative time]."""
    n, m = a.shape[0], b.shape[0]
    d = dtw_table(a, b, radius)
    count = groups.max() + 1
    kinds = np.zeros(count)
    i, j, steps, diagonal, deviation = n, m, 0, 0, 0.0
    while i > 0 and j > 0:
        for group in range(count):
            s = 0.0
            for k in range(a.shape[1]):
                if groups[k] == group:
                    s += (a[i - 1, k] - b[j - 1, k]) ** 2
            kinds[group] += math.sqrt(s)
        deviation += abs((i - 1) / max(n - 1, 1) - (j - 1) / max(m - 1, 1))
        steps += 1
        both, up, left = d[i - 1, j - 1], d[i - 1, j], d[i, j - 1]
        if both <= up and both <= left:
            i, j, diagonal = i - 1, j - 1, diagonal + 1
        elif up <= left:
            i -= 1
        else:
            j -= 1
    out = np.zeros(count + 4)
    out[0] = d[n, m] / (n + m)
    out[1:1 + count] = kinds / (n + m)
    out[1 + count] = steps / (n + m)
    out[2 + count] = 1.0 - diagonal / steps
    out[3 + count] = deviation / steps
    return out


def path_table(feats, names, groups, band=0.1, cohort=False):
    """P[u, r, c, :]: `warping_path_costs` from S(r+1) of user u+1 to columns(u+1)[c], the
    cohort left out unless `cohort`."""
    tag = ("-cohort" if cohort else "") + (
        "" if list(groups) == [0] * 6 + [1, 1, 2, 2] else "-g" + "".join(map(str, groups)))
    path = os.path.join(CACHE, f"path-{'-'.join(names)}-{band}{tag}.npy")
    if os.path.exists(path):
        return np.load(path)
    series = {key: np.column_stack([f[0][n] for n in names]) for key, f in feats.items()}
    groups = np.array(groups)
    count = 40 + 2 * RANDOM if cohort else 40 + RANDOM
    t = np.zeros((USERS, POOL, count, groups.max() + 5))
    for u in range(USERS):
        for r in range(POOL):
            a = series[(u + 1, r + 1)]
            for c, key in enumerate(columns(u + 1)[:count]):
                if c < POOL and c <= r:
                    t[u, r, c] = t[u, c, r]
                    continue
                b = series[key]
                radius = max(1, math.ceil(band * max(len(a), len(b))))
                t[u, r, c] = warping_path_costs(a, b, radius, groups)
    np.save(path, t)
    return t


@njit(cache=True)
def dtw_minkowski(a, b, radius, power):
    """`dtw` with the local cost the Minkowski distance of `power` (2: Euclidean, computed with
    squares and a square root, bit for bit `dtw`'s)."""
    n, m = a.shape[0], b.shape[0]
    below, above = max(0, n - m) + radius, max(0, m - n) + radius
    previous, current = np.full(m + 1, np.inf), np.full(m + 1, np.inf)
    previous[0] = 0.0
    for i in range(n):
        current[:] = np.inf
        for j in range(max(0, i - below), min(m - 1, i + above) + 1):
            s = 0.0
            for k in range(a.shape[1]):
                if power == 2.0:
                    s += (a[i, k] - b[j, k]) ** 2
                else:
                    s += abs(a[i, k] - b[j, k]) ** power
            cost = math.sqrt(s) if power == 2.0 else s ** (1.0 / power)
            current[j + 1] = cost + min(previous[j + 1], previous[j], current[j])
        previous, current = current, previous
    return previous[m]


@njit(cache=True)
def dtw(a, b, radius):
    return dtw_minkowski(a, b, radius, 2.0)


def columns(u):
    others = [v for v in range(1, USERS + 1) if v != u]
    return [(u, s) for s in range(1, 41)] + [(v, 1) for v in others] + [(v, 2) for v in others]


def table(feats, names, band=0.1, weights=None, power=2):
    """T[u, r, c]: the DTW distance over `names` (each scaled by its weight, 1 by default; the
    local cost the Minkowski distance of `power`, Euclidean by default) from S(r+1) of user u+1
    to columns(u+1)[c]."""
    weights = [1.0] * len(names) if weights is None else list(weights)
    tag = "" if all(w == 1 for w in weights) else "-w" + "-".join(f"{w:g}" for w in weights)
    tag += "" if power == 2 else f"-p{power:g}"
    path = os.path.join(CACHE, f"table-{'-'.join(names)}-{band}{tag}.npy")
    if os.path.exists(path):
        return np.load(path)
    series = {key: np.column_stack([w * f[0][n] for n, w in zip(names, weights)])
              for key, f in feats.items()}
    t = np.zeros((USERS, POOL, 40 + 2 * RANDOM))
    for u in range(USERS):
        for r in range(POOL):
            a = series[(u + 1, r + 1)]
            for c, key in enumerate(columns(u + 1)):
                if c < POOL and c <= r:
                    t[u, r, c] = t[u, c, r]
                    continue
                b = series[key]
                radius = max(1, math.ceil(band * max(len(a), len(b))))
                d = dtw_minkowski(a, b, radius, float(power))
                t[u, r, c] = d / (len(a) + len(b))
    np.save(path, t)
    return t


def cohort_table(feats, names, band=0.1):
    """C[a, b, w]: the DTW distance over `names` from S(b+1) of user a+1 to S2 of user w+1, the
    cohort signature (NaN for w = a): what a T-norm compares the questioned signature with."""
    path = os.path.join(CACHE, f"cohort-{'-'.join(names)}-{band}.npy")
    if os.path.exists(path):
        return np.load(path)
    series = {key: np.column_stack([f[0][n] for n in names]) for key, f in feats.items()}
    c = np.full((USERS, 40, USERS), np.nan)
    for a in range(USERS):
        for b in range(40):
            x = series[(a + 1, b + 1)]
            for w in range(USERS):
                if w != a:
                    y = series[(w + 1, 2)]
                    radius = max(1, math.ceil(band * max(len(x), len(y))))
                    c[a, b, w] = dtw(x, y, radius) / (len(x) + len(y))
    np.save(path, c)
    return c


def questioned_table(feats, names, step=1, band=0.1):
    """Q[a, b, w, s]: the DTW distance over `names` from S(b+1) of user a+1, a questioned
    signature (S1, the random forgery, or S11-S40), to S(s+1) of another user w+1, s in S2-S10 (the
    signatures a seventh-round cohort is drawn from); NaN elsewhere. With `step` > 1 both series
    keep every step-th sample (a cheaper cohort DTW, about step^2 fewer cells)."""
    path = os.path.join(CACHE, f"questioned-{'-'.join(names)}-{band}-{step}.npy")
    if os.path.exists(path):
        return np.load(path)
    series = {key: np.column_stack([f[0][n] for n in names])[::step]
              for key, f in feats.items()}
    q = np.full((USERS, 40, USERS, POOL), np.nan)
    for a in range(USERS):
        for b in [0] + list(range(POOL, 40)):
            x = series[(a + 1, b + 1)]
            for w in range(USERS):
                for s in range(1, POOL):
                    if w != a:
                        y = series[(w + 1, s + 1)]
                        radius = max(1, math.ceil(band * max(len(x), len(y))))
                        q[a, b, w, s] = dtw(x, y, radius) / (len(x) + len(y))
    np.save(path, q)
    return q


def test_cohort(c):
    """Per user and test (the order of TESTS), the questioned signature's distances to the
    cohort of that user (S2 of the other users), less the forger's own S2 for a random forgery:
    shape (USERS, tests, USERS), NaN where left out."""
    out = np.full((USERS, len(TESTS), USERS), np.nan)
    for u in range(USERS):
        keys = columns(u + 1)
        members = [w for w in range(USERS) if w != u]
        for i, column in enumerate(TESTS):
            a, b = keys[column]
            for w in members:
                if w != a - 1:
                    out[u, i, w] = c[a - 1, b - 1, w]
    return out


def cohort_nearest(t, k, by_reference=True):
    """Per user, trial and test: the references' mean distance to their k nearest cohort
    signatures, each reference its own k (`by_reference`) or the k nearest the references on
    average, one set for the template."""
    shape = (USERS, TRIALS, len(TESTS))
    out = np.zeros((USERS, TRIALS))
    for u in range(USERS):
        for i, c in enumerate(CHOSEN[u]):
            d = t[u][c][:, COHORT]
            out[u, i] = (np.sort(d, -1)[:, :k].mean() if by_reference
                         else np.sort(d.mean(0))[:k].mean())
    return np.broadcast_to(out[..., None], shape)


def small_cohort(t, c, k):
    """Per user, trial and test: the mean and deviation of the questioned signature's distances
    to the template's k cohort signatures nearest the references on average (chosen at
    enrolment), less the forger's own for a random forgery."""
    shape = (USERS, TRIALS, len(TESTS))
    mu, sd = np.zeros(shape), np.zeros(shape)
    for u in range(USERS):
        keys = columns(u + 1)
        members = [w for w in range(USERS) if w != u]
        for i, chosen in enumerate(CHOSEN[u]):
            order = np.argsort(t[u][chosen][:, COHORT].mean(0), kind="stable")[:k]
            cohort = [members[j] for j in order]
            for j, column in enumerate(TESTS):
                a, b = keys[column]
                d = np.array([c[a - 1, b - 1, w] for w in cohort if w != a - 1])
                mu[u, i, j] = d.mean()
                sd[u, i, j] = d.std(ddof=1) if len(d) > 1 else np.nan
    return mu, sd


def permutation(seed, count):
    mask, state, order = (1 << 64) - 1, seed, list(range(count))
    for i in range(count - 1, 0, -1):
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        order[i], order[j] = order[j], order[i]
    return order


CHOSEN = [[permutation(SEED + 1000 * u + t, POOL)[:REFERENCES] for t in range(TRIALS)]
          for u in range(USERS)]


def statistics(t):
    """Per user, trial and test: the mean, min and max distance to the references, the distance to
    the template (the reference nearest the others), and the references' own figures."""
    d = np.array([[t[u][c][:, TESTS].T for c in CHOSEN[u]] for u in range(USERS)])
    rr = np.array([[t[u][np.ix_(c, c)] for c in CHOSEN[u]] for u in range(USERS)])
    cohort = np.array([[t[u][c][:, COHORT].mean() for c in CHOSEN[u]] for u in range(USERS)])
    off = rr[..., ~np.eye(REFERENCES, dtype=bool)].reshape(rr.shape[:-1] + (REFERENCES - 1,))
    template = off.mean(-1).argmin(-1)
    pick = np.take_along_axis(d, template[:, :, None, None].repeat(d.shape[2], 2), -1)[..., 0]
    shape = d.shape[:3]
    spread = lambda x: np.broadcast_to(x[..., None], shape)  # noqa: E731
    return {
        "mean": d.mean(-1), "min": d.min(-1), "max": d.max(-1), "template": pick,
        "spread": spread(off.mean(-1).mean(-1)), "spreadMin": spread(off.min(-1).mean(-1)),
        "spreadMax": spread(off.max(-1).mean(-1)),
        "spreadTemplate": spread(np.take_along_axis(off.mean(-1), template[..., None], -1)[..., 0]),
        "cohort": spread(cohort),
        "spreadZ": spread(np.array([[np.mean([
            (np.mean([t[u][i][j] for j in c if j != i]) - t[u][i][COHORT].mean())
            / t[u][i][COHORT].std(ddof=1) for i in c]) for c in CHOSEN[u]] for u in range(USERS)])),
        "spreadDeviation": spread(off.mean(-1).std(-1, ddof=1)),
        "cohortNearest": spread(np.array([[np.sort(t[u][c][:, COHORT], -1)[:, :5].mean()
                                          for c in CHOSEN[u]] for u in range(USERS)])),
    }


@njit(cache=True)
def eer(genuine, forgeries):
    s = np.concatenate((genuine, forgeries))
    label = np.concatenate((np.ones(len(genuine)), np.zeros(len(forgeries))))
    order = np.argsort(-s, kind="mergesort")
    s, label = s[order], label[order]
    far0, frr0, accepted, forged, i = 0.0, 1.0, 0.0, 0.0, 0
    while i < len(s):
        threshold = s[i]
        while i < len(s) and s[i] == threshold:
            if label[i] == 1:
                accepted += 1
            else:
                forged += 1
            i += 1
        far, frr = forged / len(forgeries), 1 - accepted / len(genuine)
        if far >= frr:
            before, after = far0 - frr0, far - frr
            w = 0.0 if after == before else -before / (after - before)
            return far0 + w * (far - far0)
        far0, frr0 = far, frr
    return 0.5


def rates(score, users):
    """Per trial: the skilled per-user and pooled EERs, the random ones."""
    out = []
    for a, b in ((GEN, GEN + SKILLED), (GEN + SKILLED, GEN + SKILLED + RANDOM)):
        per = np.array([[eer(score[u, t, :GEN], score[u, t, a:b]) for u in users]
                        for t in range(TRIALS)]).mean(1)
        pooled = np.array([eer(score[users, t, :GEN].ravel(), score[users, t, a:b].ravel())
                           for t in range(TRIALS)])
        out += [per, pooled]
    return out


def objective(score, users):
    skilled_per, skilled_pooled, random_per, random_pooled = rates(score, users)
    return (skilled_per.mean() + skilled_pooled.mean()
            + (random_per.mean() + random_pooled.mean()) / 2)


KINDS = {
    "shape": ["penUps", "widthOverHeight", "pathLengthOverDiagonal", "centroidX", "centroidY",
              "firstX", "firstY", "lastX", "lastY", "firstToLastDistanceOverDiagonal",
              "dxSignChanges", "dySignChanges"] + [f"direction{i}" for i in range(8)]
    + [f"turning{i}" for i in range(4)],
    "timing": ["duration", "penDownDurationRatio", "meanPenUpDuration", "meanSpeed", "sdSpeed",
               "maxSpeed", "sdVx", "maxAbsVx", "sdVy", "maxAbsVy", "meanOverMaxSpeed",
               "pathLengthOverPenDownDuration", "timeOfMaxSpeed", "meanAcceleration",
               "sdAcceleration", "maxAcceleration", "meanJerk", "sdJerk", "maxJerk"],
    "pressure": ["meanPressure", "sdPressure", "maxPressure", "timeOfMaxPressure"],
}


def global_distances(feats):
    """A function of the tuning users: per user, trial, test and kind, the root mean square of the
    global features' deviations from the references' means over their deviation, floored at half
    the feature's deviation over the tuning users' S1-S10."""
    names = list(feats[(1, 1)][1])
    g = np.array([[[feats[(u, s)][1][n] for n in names] for s in range(1, 41)]
                  for u in range(1, USERS + 1)])
    tests = np.array([[g[v - 1, s - 1] for v, s in columns(u + 1)] for u in range(USERS)])[:, TESTS]
    refs = np.array([[g[u, c] for c in CHOSEN[u]] for u in range(USERS)])
    mean, sd = refs.mean(2), refs.std(2, ddof=1)
    kinds = [[names.index(n) for n in kind] for kind in KINDS.values()]
    cache = {}

    def rms(z):
        return np.stack([np.sqrt((z[..., k] ** 2).mean(-1)) for k in kinds], -1)

    def of(tune, anchored=False, floor=0.5, cap=np.inf, power=2, part="tests"):
        """With `anchored`, less the references' own: the mean over references of each one's
        distance to the other references' means and deviations. `floor` is the deviation's floor
        in population deviations, `cap` the largest |z| a feature counts, and `power` the mean's
        (2: the root mean square). `part` "cohort" gives instead, per user, trial and cohort
        signature, the cohort's distances; "own" the references' own, per user and trial."""
        key = (tuple(tune), anchored, floor, cap, power, part)
        if part != "tests" and key not in cache:
            scale = g[tune, :POOL].reshape(-1, g.shape[-1]).std(0)
            scale[scale == 0] = 1
            if part == "cohort":
                cohort = np.array([[g[v - 1, s - 1] for v, s in columns(u + 1)]
                                   for u in range(USERS)])[:, COHORT]
                cache[key] = rms((cohort[:, None] - mean[:, :, None])
                                 / np.maximum(sd, floor * scale)[:, :, None])
            else:
                rest = [np.delete(refs, i, 2) for i in range(REFERENCES)]
                cache[key] = np.mean([rms((refs[:, :, i] - r.mean(2))
                                          / np.maximum(r.std(2, ddof=1), floor * scale))
                                      for i, r in enumerate(rest)], 0)
        if key not in cache:
            scale = g[tune, :POOL].reshape(-1, g.shape[-1]).std(0)
            scale[scale == 0] = 1
            z = (tests[:, None] - mean[:, :, None]) / np.maximum(sd, floor * scale)[:, :, None]
            if (cap, power) == (np.inf, 2):
                cache[key] = rms(z)
            else:
                z = np.minimum(np.abs(z), cap) ** power
                cache[key] = np.stack([z[..., k].mean(-1) ** (1 / power) for k in kinds], -1)
            if anchored:
                rest = [np.delete(refs, i, 2) for i in range(REFERENCES)]
                own = np.mean([rms((refs[:, :, i] - r.mean(2))
                                   / np.maximum(r.std(2, ddof=1), 0.5 * scale))
                               for i, r in enumerate(rest)], 0)
                cache[key] = cache[key] - own[:, :, None]
        return cache[key]
    return of


def logistic(fused, tune):
    """The tuning users' genuine-against-skilled logistic map, each class weighing half."""
    g, f = fused[tune][:, :, :GEN].ravel(), fused[tune][:, :, GEN:GEN + SKILLED].ravel()
    x, y = np.r_[g, f][:, None], np.r_[np.ones(len(g)), np.zeros(len(f))]
    w = np.r_[np.full(len(g), 0.5 / len(g)), np.full(len(f), 0.5 / len(f))] * len(y)
    if os.environ.get("MAP") == "median":
        # One genuine and one forgery point a tuning user: the medians of its two classes.
        g = np.median(fused[tune][:, :, :GEN].reshape(len(tune), -1), -1)
        f = np.median(fused[tune][:, :, GEN:GEN + SKILLED].reshape(len(tune), -1), -1)
        x, y = np.r_[g, f][:, None], np.r_[np.ones(len(g)), np.zeros(len(f))]
        w = np.ones(len(y))
    model = LogisticRegression(C=float(os.environ.get("MAP_C", "1e6"))).fit(
        x, y, sample_weight=w)
    if os.environ.get("VERBOSE"):
        print("  map: slope", -model.coef_[0, 0], "center", -model.intercept_[0] / model.coef_[0, 0],
              file=sys.stderr)
    return lambda d: model.decision_function(d.reshape(-1, 1)).reshape(d.shape)


def grid_fusion(fused_of, grids):
    """Coordinate descent over `grids` (3 rounds) on the objective, then the logistic map."""
    def fit(tune, test):
        p = [grid[0] for grid in grids]
        best = objective(-fused_of(p, tune), list(tune))
        for _ in range(3 if len(grids) > 1 else 1):
            for i, grid in enumerate(grids):
                for value in grid:
                    q = p[:i] + [value] + p[i + 1:]
                    o = objective(-fused_of(q, tune), list(tune))
                    if o < best:
                        best, p = o, q
        fused = fused_of(p, tune)
        if os.environ.get("VERBOSE"):
            print("  tuned on", tune[0] + 1, "-", tune[-1] + 1, ":", p, file=sys.stderr)
        if os.environ.get("UNMAPPED"):
            return -fused[test]
        return logistic(fused, tune)(fused[test])
    return fit


def regression_fusion(columns_of):
    """A user-independent logistic regression of genuine against skilled on some statistics."""
    def fit(tune, test):
        x = columns_of(tune)
        g = x[tune][:, :, :GEN].reshape(-1, x.shape[-1])
        f = x[tune][:, :, GEN:GEN + SKILLED].reshape(-1, x.shape[-1])
        xa, y = np.r_[g, f], np.r_[np.ones(len(g)), np.zeros(len(f))]
        w = np.r_[np.full(len(g), 0.5 / len(g)), np.full(len(f), 0.5 / len(f))] * len(y)
        mu, sd = xa.mean(0), xa.std(0) + 1e-12
        model = LogisticRegression(max_iter=2000).fit((xa - mu) / sd, y, sample_weight=w)
        xs = x[test]
        return model.decision_function((xs.reshape(-1, x.shape[-1]) - mu) / sd).reshape(
            xs.shape[:-1])
    return fit


def anchored(s):
    return (s["mean"] - s["spread"]) / (s["cohort"] - s["spread"])


def ratio(s, a, b):
    return s["mean"] / (s["spread"] ** a * s["cohort"] ** b)


def variants(feats):
    g = global_distances(feats)
    st = {}

    def stats(names, band=0.1):
        key = (tuple(names), band)
        if key not in st:
            st[key] = statistics(table(feats, names, band))
        return st[key]

    pairs = [(0.5, 0.0)] + [(a, b) for a in EXPONENTS for b in EXPONENTS]
    curvature = BASE[:4] + ["dtheta", "drho"] + BASE[4:]

    def ratio_fusion(names, weight=True):
        s = stats(names)
        grids = [pairs] + ([WEIGHTS] if weight else [])
        return grid_fusion(
            lambda p, tune: ratio(s, *p[0]) + (p[1] * g(tune).sum(-1) if weight else 0), grids)

    def anchored_fusion(names):
        s = stats(names)
        return grid_fusion(lambda p, tune: anchored(s) + p[0] * g(tune).sum(-1), [WEIGHTS])

    def ky(tune):
        s = stats(BASE)
        return np.stack([s["min"] / s["spreadMin"], s["max"] / s["spreadMax"],
                         s["template"] / s["spreadTemplate"]], -1)

    def logs(tune):
        s = stats(BASE)
        return np.log(np.stack([s[k] for k in ("mean", "min", "max", "template", "spread",
                                               "spreadMin", "spreadMax", "spreadTemplate",
                                               "cohort")], -1))

    def three_weights():
        s = stats(curvature)
        return grid_fusion(lambda p, tune: anchored(s) + (g(tune) * np.array(p)).sum(-1),
                           [WEIGHTS] * 3)

    second = curvature + ["d2theta"]

    def anchored_band(names, band):
        s = stats(names, band)
        return grid_fusion(lambda p, tune: anchored(s) + p[0] * g(tune).sum(-1), [WEIGHTS])

    def two_systems(names, other, mixes, bands=(0.1, 0.1)):
        """Score-level fusion of two joint DTW systems, each anchored: (1 − β) A + β B."""
        a, b = anchored(stats(names, bands[0])), anchored(stats(other, bands[1]))
        return grid_fusion(lambda p, tune: (1 - p[1]) * a + p[1] * b + p[0] * g(tune).sum(-1),
                           [WEIGHTS, mixes])

    def min_and_mean(names):
        """The mean distance anchored, averaged with the nearest reference's anchored at the
        mean nearest spread."""
        s = stats(names)
        nearest = (s["min"] - s["spreadMin"]) / (s["cohort"] - s["spreadMin"])
        return grid_fusion(lambda p, tune: (anchored(s) + nearest) / 2 + p[0] * g(tune).sum(-1),
                           [WEIGHTS])

    def anchored_max(names):
        """Anchored at the references' mean largest distance to one another instead of the mean."""
        s = stats(names)
        joint = (s["mean"] - s["spreadMax"]) / (s["cohort"] - s["spreadMax"])
        return grid_fusion(lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])

    def floored(names, floor=0.03):
        """Tuned on the pooled EER alone, among weights whose tuning per-user EER is ≤ floor."""
        s = stats(names)

        def fit(tune, test):
            best, chosen = np.inf, WEIGHTS[0]
            for w in WEIGHTS:
                per, pooled, rper, rpooled = rates(-(anchored(s) + w * g(tune).sum(-1)), list(tune))
                value = pooled.mean() + (rper.mean() + rpooled.mean()) / 2 + (
                    0 if per.mean() <= floor else 1 + per.mean())
                if value < best:
                    best, chosen = value, w
            fused = anchored(s) + chosen * g(tune).sum(-1)
            return logistic(fused, tune)(fused[test])
        return fit

    def tnorm(names):
        """The questioned signature's mean and deviation of distances to the cohort, per user,
        trial and test."""
        tc = test_cohort(cohort_table(feats, names))
        shape = (USERS, TRIALS, len(TESTS))
        mu = np.broadcast_to(np.nanmean(tc, -1)[:, None], shape)
        sd = np.broadcast_to(np.nanstd(tc, -1, ddof=1)[:, None], shape)
        return mu, sd

    def tnorm_anchored(names, anchor):
        """The joint distance anchored at the spread and a cohort figure of the questioned
        signature (`anchor(s, mu)`)."""
        s = stats(names)
        mu, _ = tnorm(names)
        joint = (s["mean"] - s["spread"]) / (anchor(s, mu) - s["spread"])
        return grid_fusion(lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])

    def tnorm_corrected(names, lambdas):
        """Anchored, the distance less λ times how much further the questioned signature is from
        the cohort than the references are."""
        s = stats(names)
        mu, _ = tnorm(names)
        shift = (mu - s["cohort"]) / (s["cohort"] - s["spread"])
        return grid_fusion(lambda p, tune: anchored(s) - p[1] * shift + p[0] * g(tune).sum(-1),
                           [WEIGHTS, lambdas])

    def tnorm_z(names, mixes):
        """Classic T-norm, (joint − μ_T) / σ_T, mixed with the anchored distance."""
        s = stats(names)
        mu, sd = tnorm(names)
        z = (s["mean"] - mu) / sd
        return grid_fusion(lambda p, tune: (1 - p[1]) * anchored(s) + p[1] * z / 10
                           + p[0] * g(tune).sum(-1), [WEIGHTS, mixes])

    def tnorm_form(names, form, grid):
        """The anchored distance and a T-norm term, `form(s, mu, sd, p)`, p tuned on `grid`."""
        s = stats(names)
        mu, sd = tnorm(names)
        return grid_fusion(lambda p, tune: form(s, mu, sd, p[1]) + p[0] * g(tune).sum(-1),
                           [WEIGHTS, grid])

    def loo_anchor(names, ks):
        """Target-dependent: the genuine anchor the references' leave-one-out mean distance
        plus k of its deviation over the references."""
        s = stats(names)

        def fused(p, tune):
            genuine = s["spread"] + p[1] * s["spreadDeviation"]
            return (s["mean"] - genuine) / (s["cohort"] - genuine) + p[0] * g(tune).sum(-1)
        return grid_fusion(fused, [WEIGHTS, ks])

    def min_mean_mix(names, mixes):
        s = stats(names)
        nearest = (s["min"] - s["spreadMin"]) / (s["cohort"] - s["spreadMin"])
        return grid_fusion(lambda p, tune: (1 - p[1]) * anchored(s) + p[1] * nearest
                           + p[0] * g(tune).sum(-1), [WEIGHTS, mixes])

    def nearest_cohort(names):
        s = stats(names)
        joint = (s["mean"] - s["spread"]) / (s["cohortNearest"] - s["spread"])
        return grid_fusion(lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])

    def nearest_k(names, k, by_reference=True, band=0.1):
        """Anchored at the references' mean distance to their k nearest cohort signatures."""
        s = stats(names, band)
        near = cohort_nearest(table(feats, names, band), k, by_reference)
        joint = (s["mean"] - s["spread"]) / (near - s["spread"])
        return grid_fusion(lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])

    def nearest_k_tuned(names, ks):
        """Anchored at the references' mean distance to their k nearest cohort signatures, k tuned
        with the weight."""
        s = stats(names)
        t = table(feats, names)
        joints = {k: (s["mean"] - s["spread"]) / (cohort_nearest(t, k) - s["spread"]) for k in ks}
        return grid_fusion(lambda p, tune: joints[p[1]] + p[0] * g(tune).sum(-1), [WEIGHTS, ks])

    def nearest_min_mean(names, k, mixes):
        """The mean distance and the nearest reference's, each anchored at its spread and the
        references' mean distance to their k nearest cohort signatures, their mix tuned."""
        s = stats(names)
        near = cohort_nearest(table(feats, names), k)
        mean = (s["mean"] - s["spread"]) / (near - s["spread"])
        nearest = (s["min"] - s["spreadMin"]) / (near - s["spreadMin"])
        return grid_fusion(lambda p, tune: (1 - p[1]) * mean + p[1] * nearest
                           + p[0] * g(tune).sum(-1), [WEIGHTS, mixes])

    def nearest_and_mean_cohort(names, mixes):
        """Anchored at a mix of the references' mean distance to their nearest cohort signature
        (1 − β) and the mean cohort distance (β), β tuned."""
        s = stats(names)
        near = cohort_nearest(table(feats, names), 1)

        def fused(p, tune):
            cohort = (1 - p[1]) * near + p[1] * s["cohort"]
            return (s["mean"] - s["spread"]) / (cohort - s["spread"]) + p[0] * g(tune).sum(-1)
        return grid_fusion(fused, [WEIGHTS, mixes])

    def global_anchored(names, k=None):
        """The global-feature distances less the references' own (leave one reference out), the
        joint distance anchored at the cohort or at each reference's k nearest of it."""
        s = stats(names)
        cohort = s["cohort"] if k is None else cohort_nearest(table(feats, names), k)
        joint = (s["mean"] - s["spread"]) / (cohort - s["spread"])
        return grid_fusion(lambda p, tune: joint + p[0] * g(tune, True).sum(-1), [WEIGHTS])

    def small_tnorm(names, k, form, grid, anchor_k=None):
        """A T-norm against the template's k nearest cohort signatures: `form(s, joint, mu, sd,
        p)`, p tuned on `grid`; the joint distance anchored at the cohort, or at the nearest
        `anchor_k` of it."""
        s = stats(names)
        t = table(feats, names)
        mu, sd = small_cohort(t, cohort_table(feats, names), k)
        cohort = s["cohort"] if anchor_k is None else cohort_nearest(t, anchor_k)
        joint = (s["mean"] - s["spread"]) / (cohort - s["spread"])
        return grid_fusion(lambda p, tune: form(s, joint, mu, sd, p[1]) + p[0] * g(tune).sum(-1),
                           [WEIGHTS, grid])

    def function_weights(names, groups, choices=(0.5, 1.5)):
        """Each group of functions weighted, the weights chosen by the tuning fold (one round of
        coordinate descent from 1 over `choices`, the global weight tuned at each step), then
        anchored."""
        def fused_for(weights):
            per = [weights[next(i for i, group in enumerate(groups) if n in group)]
                   for n in names]
            s = statistics(table(feats, names, 0.1, per))
            return lambda p, tune: anchored(s) + p[0] * g(tune).sum(-1)

        def fit(tune, test):
            def best_of(weights):
                fused_of = fused_for(weights)
                values = [(objective(-fused_of([w], tune), list(tune)), w) for w in WEIGHTS]
                return min(values)
            chosen = [1.0] * len(groups)
            best, w = best_of(chosen)
            for i in range(len(groups)):
                for value in choices:
                    trial = chosen[:i] + [value] + chosen[i + 1:]
                    o, tw = best_of(trial)
                    if o < best:
                        best, w, chosen = o, tw, trial
            if os.environ.get("VERBOSE"):
                print("  function weights", chosen, "global", w, file=sys.stderr)
            fused = fused_for(chosen)([w], tune)
            if os.environ.get("UNMAPPED"):
                return -fused[test]
            return logistic(fused, tune)(fused[test])
        return fit

    kinds_of_functions = [["x", "y"], ["dx", "dy"], ["dtheta", "drho"],
                          ["velocity", "dvelocity"], ["pressure", "dpressure"]]
    lambdas = [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, -0.25, -0.5]
    mixes = [0.0, 0.25, 0.5, 0.75, 1.0]
    fine = [k / 20 for k in range(11)]

    def z_mixed(s, joint, mu, sd, b):
        return (1 - b) * joint + b * (s["mean"] - mu) / sd / 10

    table_of = {
        **{f"nearest {k} cohort anchor": (lambda k=k: lambda: nearest_k(curvature, k))()
           for k in (1, 2, 3, 5, 8, 10)},
        "nearest k cohort anchor, k tuned": lambda: nearest_k_tuned(
            curvature, [19, 1, 2, 3, 5, 8, 10]),
        "nearest 1 cohort anchor + d2theta": lambda: nearest_k(second, 1),
        "nearest 1 cohort anchor, band 15%": lambda: nearest_k(curvature, 1, band=0.15),
        "nearest 1 cohort anchor, min and mean mixed": lambda: nearest_min_mean(
            curvature, 1, [0, 0.25, 0.5, 0.75, 1]),
        **{f"nearest {k} cohort anchor, one set": (
            lambda k=k: lambda: nearest_k(curvature, k, False))() for k in (3, 5, 10)},
        **{f"tnorm z, {k} nearest, mix tuned": (
            lambda k=k: lambda: small_tnorm(curvature, k, z_mixed, fine))()
           for k in (3, 5, 8, 19)},
        "nearest and mean cohort, mix tuned": lambda: nearest_and_mean_cohort(
            curvature, [0, 0.25, 0.5, 0.75, 1]),
        "global less the references' own": lambda: global_anchored(curvature),
        "global less the references' own, nearest 1 anchor": lambda: global_anchored(
            curvature, 1),
        "tnorm z mixed, nearest 1 anchor": lambda: small_tnorm(curvature, 19, z_mixed, fine, 1),
        **{f"tnorm z, {k} nearest, mix tuned, nearest 5 anchor": (
            lambda k=k: lambda: small_tnorm(curvature, k, z_mixed, fine, 5))()
           for k in (3, 5, 19)},
    }
    # Issue 11's fifth round.
    wide = WEIGHTS + [2 ** (k / 2) for k in range(3, 7)]

    def joint_form(names, form, grid):
        """The joint distance in another form, `form(s, p)`, p tuned on `grid` with the weight."""
        s = stats(names)
        return grid_fusion(lambda p, tune: form(s, p[1]) + p[0] * g(tune).sum(-1), [WEIGHTS, grid])

    def global_form(names, form, weights=WEIGHTS, grid=(None,)):
        """The global-feature distances in another form, `form(tune, p)`, p tuned on `grid`."""
        s = stats(names)
        return grid_fusion(lambda p, tune: anchored(s) + p[0] * form(tune, p[1]),
                           [weights, list(grid)])

    def path_term(names, column, grid, anchored_at_cohort=False):
        """The anchored distance plus `b` times a figure of the joint warping path (its column
        of `warping_path_costs`), less the references' own, over the cohort's gap if
        `anchored_at_cohort`; b tuned on `grid`."""
        s = stats(names)
        p_table = path_table(feats, names, [0] * 6 + [1, 1, 2, 2])[..., column]
        d = np.array([[p_table[u][c][:, TESTS].T for c in CHOSEN[u]] for u in range(USERS)])
        rr = np.array([[p_table[u][np.ix_(c, c)] for c in CHOSEN[u]] for u in range(USERS)])
        own = rr[..., ~np.eye(REFERENCES, dtype=bool)].mean(-1)
        term = d.mean(-1) - own[..., None]
        if anchored_at_cohort:
            term = term / (s["cohort"] - s["spread"])
        return grid_fusion(lambda p, tune: anchored(s) + p[0] * g(tune).sum(-1) + p[1] * term,
                           [WEIGHTS, grid])

    def without(*dropped):
        return [n for n in curvature if n not in dropped]

    s_curvature = stats(curvature)
    nearest_joint = (s_curvature["mean"] - s_curvature["spread"]) / (
        cohort_nearest(table(feats, curvature), 1) - s_curvature["spread"])
    shared_dxdy = curvature[:2] + ["dxShared", "dyShared"] + curvature[4:]
    function_sets = {
        "+ d2x, d2y": curvature + ["d2x", "d2y"], "+ d2rho": curvature + ["d2rho"],
        "+ d2velocity": curvature + ["d2velocity"], "+ d2pressure": curvature + ["d2pressure"],
        "+ dazimuth, daltitude": curvature + ["dazimuth", "daltitude"],
        "- pressure, dpressure": without("pressure", "dpressure"),
        "- velocity, dvelocity": without("velocity", "dvelocity"), "- x, y": without("x", "y"),
        "- pressure": without("pressure"), "- dpressure": without("dpressure"),
        "- velocity": without("velocity"), "- dvelocity": without("dvelocity"),
        "shared scale: x, y": ["xShared", "yShared"] + curvature[2:],
        "shared scale: x, y, dx, dy": ["xShared", "yShared", "dxShared", "dyShared"]
        + curvature[4:],
        "shared scale: dx, dy": shared_dxdy,
        "shared scale: dx, dy, centred": curvature[:2] + ["dxCentred", "dyCentred"]
        + curvature[4:],
        "dx, dy rescaled by sdVx, sdVy": curvature[:2] + ["dxGlobal", "dyGlobal"] + curvature[4:],
        "dx, dy rescaled by sdVx, sdVy, plus meanVx, meanVy": curvature[:2]
        + ["dxGlobalMean", "dyGlobalMean"] + curvature[4:],
        "shared scale: dx, dy, - velocity, dvelocity": [
            n for n in shared_dxdy if n not in ("velocity", "dvelocity")],
        "shared scale: dx, dy beside the z-normalised": curvature + ["dxShared", "dyShared"],
    }
    fifth = {name: (lambda names=names: lambda: anchored_fusion(names))()
             for name, names in function_sets.items()} | {
        "log anchored": lambda: joint_form(
            curvature, lambda s, _: (np.log(s["mean"]) - np.log(s["spread"]))
            / (np.log(s["cohort"]) - np.log(s["spread"])), [None]),
        "anchored, gap to the cohort to a power": lambda: joint_form(
            curvature, lambda s, gm: (s["mean"] - s["spread"]) / (s["cohort"] - s["spread"]) ** gm,
            [1, 0.5, 0.75, 1.25, 1.5, 2]),
        "anchored at a multiple of the spread": lambda: joint_form(
            curvature, lambda s, a: (s["mean"] - a * s["spread"]) / (s["cohort"] - a * s["spread"]),
            [1, 0.8, 0.9, 0.95, 1.05, 1.1, 1.2]),
        "regression on the anchored and three global distances": lambda: regression_fusion(
            lambda tune: np.concatenate([anchored(stats(curvature))[..., None], g(tune)], -1)),
        "regression on the anchored and the global sum": lambda: regression_fusion(
            lambda tune: np.stack([anchored(stats(curvature)), g(tune).sum(-1)], -1)),
        "path steps": lambda: path_term(curvature, 4, [0, 0.25, 0.5, 1, 2, 4]),
        "path off-diagonal share": lambda: path_term(curvature, 5, [0, 0.1, 0.2, 0.5, 1, 2]),
        "timing along the path, anchored": lambda: path_term(
            curvature, 2, [0, 0.1, 0.2, 0.5, 1], True),
        "pressure along the path, anchored": lambda: path_term(
            curvature, 3, [0, 0.1, 0.2, 0.5, 1], True),
        "global floor tuned": lambda: global_form(
            curvature, lambda tune, fl: g(tune, floor=fl).sum(-1), grid=[0.5, 0.25, 1, 2]),
        "global z capped, cap tuned": lambda: global_form(
            curvature, lambda tune, c: g(tune, cap=c).sum(-1), grid=[np.inf, 2, 3, 5]),
        "global z capped at 3": lambda: global_form(
            curvature, lambda tune, _: g(tune, cap=3).sum(-1)),
        "global mean |z|": lambda: global_form(
            curvature, lambda tune, _: g(tune, power=1).sum(-1)),
        "global power mean, power tuned": lambda: global_form(
            curvature, lambda tune, q: g(tune, power=q).sum(-1), grid=[2, 1, 4]),
        "global log(1 + d)": lambda: global_form(
            curvature, lambda tune, _: np.log1p(g(tune)).sum(-1), wide),
        "global sqrt(d)": lambda: global_form(
            curvature, lambda tune, _: np.sqrt(g(tune)).sum(-1), wide),
        "global log(d)": lambda: global_form(
            curvature, lambda tune, _: np.log(g(tune)).sum(-1), wide),
        "nearest 1 cohort anchor, global log(1 + d)": lambda: grid_fusion(
            lambda p, tune: nearest_joint + p[0] * np.log1p(g(tune)).sum(-1), [wide]),
    }
    return table_of | fifth | sixth_round(feats, g) | seventh_round(feats, g) | eighth_round(
        feats, g) | ninth_round(feats, g) | {
        "function weights by fold": lambda: function_weights(curvature, kinds_of_functions),
        "tnorm anchored": lambda: tnorm_anchored(curvature, lambda s, mu: mu),
        "tnorm anchored, both cohorts": lambda: tnorm_anchored(
            curvature, lambda s, mu: (mu + s["cohort"]) / 2),
        "tnorm corrected": lambda: tnorm_corrected(curvature, lambdas),
        "tnorm z mixed": lambda: tnorm_z(curvature, mixes),
        "tnorm z mix 0.3": lambda: tnorm_z(curvature, [0.3]),
        "tnorm shift over sd": lambda: tnorm_form(
            curvature, lambda s, mu, sd, b: anchored(s) + b * (s["mean"] - s["spread"]) / sd,
            [0, 0.01, 0.02, 0.05, 0.1, 0.2]),
        "tnorm ratio power": lambda: tnorm_form(
            curvature, lambda s, mu, sd, gm: anchored(s) * (s["cohort"] / mu) ** gm,
            [0, -1, -0.5, 0.5, 1, 2]),
        "tnorm z less the references' z": lambda: tnorm_form(
            curvature, lambda s, mu, sd, b: anchored(s) + b * ((s["mean"] - mu) / sd - s["spreadZ"]),
            [0, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15]),
        "tnorm z less the references' z, mixed": lambda: tnorm_form(
            curvature, lambda s, mu, sd, b: (1 - b) * anchored(s)
            + b * ((s["mean"] - mu) / sd - s["spreadZ"]) / 10,
            [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1]),
        "tnorm z mixed + d2theta": lambda: tnorm_z(second, mixes),
        "tnorm cohort-to-questioned ratio": lambda: tnorm_form(
            curvature, lambda s, mu, sd, b: anchored(s) + b * np.log(s["cohort"] / mu),
            [0, 0.05, 0.1, 0.2, 0.3, 0.5]),
        "tnorm relative deviation": lambda: tnorm_form(
            curvature, lambda s, mu, sd, b: anchored(s) - b * sd / mu,
            [0, 0.5, 1, 2, 3, 5]),
        "tnorm corrected + d2theta": lambda: tnorm_corrected(second, lambdas),
        "loo anchor": lambda: loo_anchor(curvature, [-1, -0.5, 0, 0.5, 1, 1.5, 2]),
        "min and mean, mix tuned": lambda: min_mean_mix(curvature, mixes),
        "nearest cohort anchor": lambda: nearest_cohort(curvature),
        "anchored+dtheta+drho, band 5%": lambda: anchored_band(curvature, 0.05),
        "anchored+dtheta+drho+d2theta, band 5%": lambda: anchored_band(second, 0.05),
        "anchored+dtheta+drho+d2theta, band 15%": lambda: anchored_band(second, 0.15),
        "two systems, with and without d2theta, averaged": lambda: two_systems(
            curvature, second, [0.5]),
        "two systems, with and without d2theta, mix tuned": lambda: two_systems(
            curvature, second, [0.5, 0.25, 0.75]),
        "two systems with d2theta, band 5% and 15%, averaged": lambda: two_systems(
            second, second, [0.5], (0.05, 0.15)),
        "two systems, without d2theta at 10%, with it at 5%, averaged": lambda: two_systems(
            curvature, second, [0.5], (0.1, 0.05)),
        "anchored+dtheta+drho, min and mean": lambda: min_and_mean(curvature),
        "anchored+dtheta+drho+d2theta, min and mean": lambda: min_and_mean(second),
        "anchored+dtheta+drho, at the largest spread": lambda: anchored_max(curvature),
        "anchored+dtheta+drho+d2theta, at the largest spread": lambda: anchored_max(second),
        "anchored+dtheta+drho+d2theta, per-user floor 3%": lambda: floored(second),
        "ratio": lambda: ratio_fusion(BASE),
        "ratio-no-global": lambda: ratio_fusion(BASE, weight=False),
        "kholmatov-yanikoglu": lambda: regression_fusion(ky),
        "log-regression": lambda: regression_fusion(logs),
        "anchored": lambda: anchored_fusion(BASE),
        "ratio+dtheta": lambda: ratio_fusion(BASE[:4] + ["dtheta"] + BASE[4:]),
        "anchored+dtheta": lambda: anchored_fusion(BASE[:4] + ["dtheta"] + BASE[4:]),
        "ratio+dtheta+drho": lambda: ratio_fusion(curvature),
        "anchored+dtheta+drho": lambda: anchored_fusion(curvature),
        "anchored+dtheta+drho+d2theta": lambda: anchored_fusion(curvature + ["d2theta"]),
        "anchored+dtheta+drho+dacceleration": lambda: anchored_fusion(curvature
                                                                     + ["dacceleration"]),
        "anchored+dtheta+drho, three global weights": three_weights,
    }


def user_scaled_table(feats, names, groups, gamma, fisher=False):
    """Per user and trial, the DTW distances of `table` with each group of functions scaled for
    that template: by (1 / the references' mean cost of the group along their joint paths)^gamma,
    or with `fisher` by ((the cohort's mean cost − that) / that)^gamma, the scales' mean 1. Returns
    the references' distances to the tests (U, T, 5, tests), to one another (U, T, 5, 5) and to
    the cohort (U, T, 5, cohort)."""
    tag = ("fisher" if fisher else "spread") + "-" + "".join(str(k) for k in groups)
    path = os.path.join(CACHE, f"user-scaled-{'-'.join(names)}-{tag}-{gamma:g}.npz")
    if os.path.exists(path):
        z = np.load(path)
        return z["tests"], z["references"], z["cohort"]
    costs = path_table(feats, names, groups, cohort=True)[..., 1:2 + max(groups)]
    series = {key: np.column_stack([f[0][n] for n in names]) for key, f in feats.items()}
    tests = np.zeros((USERS, TRIALS, REFERENCES, len(TESTS)))
    references = np.zeros((USERS, TRIALS, REFERENCES, REFERENCES))
    cohort = np.zeros((USERS, TRIALS, REFERENCES, len(COHORT)))

    def distance(a, b):
        radius = max(1, math.ceil(0.1 * max(len(a), len(b))))
        return dtw(a, b, radius) / (len(a) + len(b))
    for u in range(USERS):
        keys = columns(u + 1)
        for i, chosen in enumerate(CHOSEN[u]):
            own = costs[u][np.ix_(chosen, chosen)][~np.eye(REFERENCES, dtype=bool)].mean(0)
            scale = (costs[u][chosen][:, COHORT].mean((0, 1)) / own - 1 if fisher
                     else 1 / own) ** gamma
            by_function = (scale / scale.mean())[np.array(groups)]
            refs = [series[(u + 1, r + 1)] * by_function for r in chosen]
            for a in range(REFERENCES):
                for b in range(a + 1, REFERENCES):
                    references[u, i, a, b] = references[u, i, b, a] = distance(refs[a], refs[b])
                for j, c in enumerate(TESTS):
                    tests[u, i, a, j] = distance(refs[a], series[keys[c]] * by_function)
                for j, c in enumerate(COHORT):
                    cohort[u, i, a, j] = distance(refs[a], series[keys[c]] * by_function)
    np.savez(path, tests=tests, references=references, cohort=cohort)
    return tests, references, cohort


def sixth_round(feats, g):
    """Issue 11's sixth round: per-user normalisations from the enrolment alone (and one from the
    cohort's scores), on the method as ported (shared-scale, centred dx, dy)."""
    shared = BASE[:2] + ["dxCentred", "dyCentred", "dtheta", "drho"] + BASE[4:]
    t = table(feats, shared)
    s = statistics(t)
    joint = anchored(s)
    kinds = [anchored(statistics(k)) for k in np.moveaxis(
        path_table(feats, shared, [0] * 6 + [1, 1, 2, 2], cohort=True)[..., 1:4], -1, 0)]
    spread = s["spread"][..., 0]
    shifts = [0, 0.005, 0.01, 0.02, 0.03, 0.05, -0.005, -0.01, -0.015, -0.02, -0.025, -0.03,
              -0.04, -0.05]
    wide = WEIGHTS + [0.5, 1, 2, 4]
    steps = [0, 0.125, 0.25, 0.5, 1, 2]

    def method(p, tune):
        return joint + p[0] * g(tune).sum(-1)

    def shifted(x):
        """The method's fused distance less b times an enrolment figure x, b tuned."""
        return grid_fusion(lambda p, tune: method(p, tune) - p[1] * x[..., None],
                           [WEIGHTS, shifts])

    def enrolment_map(x):
        """The method's weight as tuned, then a logistic map of (fused, x, fused · x) on the
        tuning users: a threshold that is a linear function of the enrolment figures x."""
        def fit(tune, test):
            w = min(WEIGHTS, key=lambda w: objective(-method([w], tune), list(tune)))
            fused = method([w], tune)
            xs = np.broadcast_to(x[:, :, None, :], fused.shape + (x.shape[-1],))
            columns_ = np.concatenate([fused[..., None], xs, fused[..., None] * xs], -1)
            return regression_fusion(lambda _: columns_)(tune, test)
        return fit

    # Each reference scored against the other four as a template of its own, anchored.
    references = np.array([[t[u][np.ix_(c, c)] for c in CHOSEN[u]] for u in range(USERS)])
    cohort = np.array([[t[u][c][:, COHORT].mean(1) for c in CHOSEN[u]] for u in range(USERS)])
    jackknife = np.zeros((USERS, TRIALS, REFERENCES))
    for i in range(REFERENCES):
        rest = [j for j in range(REFERENCES) if j != i]
        inner = references[..., rest, :][..., rest]
        own = inner[..., ~np.eye(REFERENCES - 1, dtype=bool)].mean(-1)
        jackknife[..., i] = (references[..., i, rest].mean(-1) - own) / (
            cohort[..., rest].mean(-1) - own)
    jk_mean, jk_sd = jackknife.mean(-1)[..., None], jackknife.std(-1, ddof=1)[..., None]

    def whole(p, tune):
        """The fused distance anchored as a whole: between the references' own fused distance
        and the cohort's."""
        genuine = s["spread"] + p[0] * g(tune, part="own").sum(-1)[..., None]
        impostor = s["cohort"] + p[0] * g(tune, part="cohort").sum(-1).mean(-1)[..., None]
        return (s["mean"] + p[0] * g(tune).sum(-1) - genuine) / (impostor - genuine)

    cohort_each = np.array([[t[u][c][:, COHORT].mean(0) for c in CHOSEN[u]]
                            for u in range(USERS)])

    def cohort_z(p, tune):
        """The fused distance Z-normalised by the cohort signatures' fused distances (their
        deviation, or 1.4826 times their median absolute deviation), mixed with the method's."""
        scores = cohort_each + p[0] * g(tune, part="cohort").sum(-1)
        if p[2] == "sd":
            scale = scores.std(-1, ddof=1)
        else:
            scale = 1.4826 * np.median(np.abs(scores - np.median(scores, -1)[..., None]), -1)
        z = (s["mean"] + p[0] * g(tune).sum(-1) - scores.mean(-1)[..., None]) / scale[..., None]
        return (1 - p[1]) * method(p, tune) + p[1] * (z + 10) / 10

    distances = np.array([[t[u][c][:, TESTS].T for c in CHOSEN[u]] for u in range(USERS)])
    loo = references[..., ~np.eye(REFERENCES, dtype=bool)].reshape(
        references.shape[:-1] + (REFERENCES - 1,)).mean(-1)

    def typical(power):
        """Each reference's distances weighted by its mean distance to the others^-power."""
        w = loo ** -power
        w = w / w.sum(-1, keepdims=True)
        genuine, impostor = (loo * w).sum(-1)[..., None], (cohort * w).sum(-1)[..., None]
        return ((distances * w[:, :, None]).sum(-1) - genuine) / (impostor - genuine)
    typicality = {k: typical(k) for k in (0, 1, 2, 4)}
    median = (np.median(distances, -1) - np.median(loo, -1)[..., None]) / (
        np.median(cohort, -1) - np.median(loo, -1))[..., None]

    def user_scaled(gamma, fisher=False, groups=(0, 0, 1, 1, 2, 2, 3, 3, 4, 4)):
        d, rr, c = user_scaled_table(feats, shared, list(groups), gamma, fisher)
        own = rr[..., ~np.eye(REFERENCES, dtype=bool)].mean(-1)[..., None]
        fused = (d.mean(2) - own) / (c.mean((2, 3))[..., None] - own)
        return grid_fusion(lambda p, tune: fused + p[0] * g(tune).sum(-1), [WEIGHTS])

    def functions(names, power=2):
        fused = anchored(statistics(table(feats, names, power=power)))
        return grid_fusion(lambda p, tune: fused + p[0] * g(tune).sum(-1), [WEIGHTS])

    def adaptive_symmetric(k):
        """AS-norm (adaptive symmetric normalisation, as in speaker verification): the mean
        joint distance Z-normalised by the template's k nearest cohort signatures (their mean
        distance to the references) and by the questioned signature's k nearest, averaged."""
        def nearest(x):
            x = np.sort(np.where(np.isnan(x), np.inf, x), -1)[..., :k]
            x = np.where(np.isinf(x), np.nan, x)
            return np.nanmean(x, -1), np.nanstd(x, -1, ddof=1)
        mean_e, sd_e = nearest(cohort_each)
        mean_t, sd_t = nearest(test_cohort(cohort_table(feats, shared)))
        return ((s["mean"] - mean_e[..., None]) / sd_e[..., None]
                + (s["mean"] - mean_t[:, None]) / sd_t[:, None]) / 2

    enrolment = {"spread": np.log(spread), "cohort": np.log(s["cohort"][..., 0]),
                 "the references' own T-norm": s["spreadZ"][..., 0],
                 "spread deviation": np.log(s["spreadDeviation"][..., 0])}
    return {
        "sixth: the method": lambda: grid_fusion(method, [WEIGHTS]),
        "sixth: shift by the references' own T-norm": lambda: shifted(
            s["spreadZ"][..., 0]),
        "sixth: shift by log spread deviation": lambda: shifted(
            np.log(s["spreadDeviation"][..., 0])),
        "sixth: shift by log spread": lambda: shifted(np.log(spread)),
        **{f"sixth: threshold a function of {k}": (
            lambda x=x: lambda: enrolment_map(x[..., None]))() for k, x in enrolment.items()},
        "sixth: threshold a function of spread and cohort": lambda: enrolment_map(
            np.stack([enrolment["spread"], enrolment["cohort"]], -1)),
        "sixth: jackknife shift": lambda: grid_fusion(
            lambda p, tune: method(p, tune) - p[1] * jk_mean, [WEIGHTS, [0, 0.25, 0.5, 0.75, 1,
                                                                         -0.25, -0.5]]),
        "sixth: jackknife z-norm": lambda: grid_fusion(
            lambda p, tune: (joint - p[1] * jk_mean) / jk_sd ** p[2] + p[0] * g(tune).sum(-1),
            [WEIGHTS, [0, 0.5, 1], [0, 0.25, 0.5, 1]]),
        "sixth: global over the cohort's": lambda: grid_fusion(
            lambda p, tune: joint + p[0] * (g(tune) / g(tune, part="cohort").mean(2)[:, :, None])
            .sum(-1), [wide]),
        "sixth: global anchored at its own and the cohort's": lambda: grid_fusion(
            lambda p, tune: joint + p[0] * (
                (g(tune) - g(tune, part="own")[:, :, None])
                / (g(tune, part="cohort").mean(2) - g(tune, part="own"))[:, :, None]).sum(-1),
            [wide]),
        "sixth: global over its own": lambda: grid_fusion(
            lambda p, tune: joint + p[0] * (g(tune) / g(tune, part="own")[:, :, None]).sum(-1),
            [wide]),
        "sixth: fused anchored as a whole": lambda: grid_fusion(
            whole, [WEIGHTS + [2 ** 1.5, 4, 8]]),
        "sixth: kinds anchored, summed": lambda: grid_fusion(
            lambda p, tune: sum(kinds) / 3 + p[0] * g(tune).sum(-1), [WEIGHTS]),
        "sixth: kinds anchored, timing and pressure weighted": lambda: grid_fusion(
            lambda p, tune: kinds[0] + p[1] * kinds[1] + p[2] * kinds[2]
            + p[0] * g(tune).sum(-1), [WEIGHTS, steps, steps]),
        "sixth: joint plus kinds anchored": lambda: grid_fusion(
            lambda p, tune: method(p, tune) + p[1] * sum(kinds), [WEIGHTS, steps]),
        "sixth: joint plus timing and pressure anchored": lambda: grid_fusion(
            lambda p, tune: method(p, tune) + p[1] * kinds[1] + p[2] * kinds[2],
            [WEIGHTS, steps, steps]),
        **{f"sixth: per-user function scales, spread^-{k:g}": (
            lambda k=k: lambda: user_scaled(k))() for k in (0.5, 1)},
        **{f"sixth: per-user function scales, separation^{k:g}": (
            lambda k=k: lambda: user_scaled(k, True))() for k in (0.25, 0.5, 0.75, 1, 2)},
        "sixth: per-user kind scales, separation^0.5": lambda: user_scaled(
            0.5, True, [0] * 6 + [1, 1, 2, 2]),
        "sixth: per-user scale a function, separation^0.5": lambda: user_scaled(
            0.5, True, range(10)),
        "sixth: cohort z-norm of the fused distance, mixed": lambda: grid_fusion(
            cohort_z, [WEIGHTS, [0, 0.25, 0.5, 0.75, 1], ["sd"]]),
        "sixth: cohort z-norm (MAD) of the fused distance, mixed": lambda: grid_fusion(
            cohort_z, [WEIGHTS, [0, 0.25, 0.5, 0.75, 1], ["mad"]]),
        "sixth: cohort z-norm of the fused distance": lambda: grid_fusion(
            cohort_z, [WEIGHTS, [1], ["sd"]]),
        "sixth: references weighted by typicality, power tuned": lambda: grid_fusion(
            lambda p, tune: typicality[p[1]] + p[0] * g(tune).sum(-1), [WEIGHTS, [0, 1, 2, 4]]),
        "sixth: references weighted by typicality, power 2": lambda: grid_fusion(
            lambda p, tune: typicality[2] + p[0] * g(tune).sum(-1), [WEIGHTS]),
        "sixth: median over the references": lambda: grid_fusion(
            lambda p, tune: median + p[0] * g(tune).sum(-1), [WEIGHTS]),
        **{f"sixth: AS-norm, {k} nearest": (lambda k=k: lambda: grid_fusion(
            lambda p, tune: adaptive_symmetric(k) / 10 + p[0] * g(tune).sum(-1), [WEIGHTS]))()
           for k in (5, 10, 19)},
        **{f"sixth: AS-norm, {k} nearest, mixed": (lambda k=k: lambda: grid_fusion(
            lambda p, tune: (1 - p[1]) * joint + p[1] * (adaptive_symmetric(k) / 10 + 1)
            + p[0] * g(tune).sum(-1), [WEIGHTS, [0, 0.25, 0.5, 0.75, 1]]))()
           for k in (5, 10, 19)},
        "sixth: L1 local cost": lambda: functions(shared, power=1),
        "sixth: speed of the shared-scale dx, dy": lambda: functions(
            shared[:6] + ["speedShared", "dvelocity"] + shared[8:]),
    }


def seventh_round(feats, g):
    """Issue 11's seventh round: T-norm of the questioned signature against a cohort drawn, per
    user and trial, from the tuning users only (never the user, never a reported user) and from
    their S2-S10 only (S1 is the protocol's random forgeries): K templates (five of a user's
    S2-S10, scored like the user's own: anchored at their spread and cohort distance, the global
    distance by their deviations) or K single signatures (each scored as the claimed template's
    references' mean would be: the user's anchor and global deviations). A random forger from the
    tuning fold stays in the cohort, as in use. The cohort's scores are the method's fused
    distance (`fused`), its joint and global parts apart (`parts`), or the global part alone, no
    DTW (`global`). "at half rate": the signatures' DTWs over every other sample of both series
    (about a quarter of the cells); 90 signatures: all the tuning users' S2-S10, a bound."""
    shared = BASE[:2] + ["dxCentred", "dyCentred", "dtheta", "drho"] + BASE[4:]
    t = table(feats, shared)
    s = statistics(t)
    joint = anchored(s)
    keys = [[columns(u + 1)[c] for c in TESTS] for u in range(USERS)]
    tests_a = np.array([[a - 1 for a, _ in k] for k in keys])
    tests_b = np.array([[b - 1 for _, b in k] for k in keys])
    # (user, test, cohort user, S), at full and at half rate
    q, half = (questioned_table(feats, shared, step)[tests_a, tests_b] for step in (1, 2))
    names = list(feats[(1, 1)][1])
    gv = np.array([[[feats[(u, c)][1][n] for n in names] for c in range(1, 41)]
                   for u in range(1, USERS + 1)])
    gq = gv[tests_a, tests_b]
    refs = np.array([[gv[u, c] for c in CHOSEN[u]] for u in range(USERS)])
    kinds = [[names.index(n) for n in kind] for kind in KINDS.values()]
    # The cohort templates: five of S2-S10 of each user, a set a trial.
    own = [[[1 + k for k in permutation(SEED + 1000 * w + 100 + i, POOL - 1)[:REFERENCES]]
            for i in range(TRIALS)] for w in range(USERS)]
    own_spread = np.array([[t[w][np.ix_(c, c)][~np.eye(REFERENCES, dtype=bool)].mean()
                            for c in own[w]] for w in range(USERS)])
    own_cohort = np.array([[t[w][c][:, COHORT].mean() for c in own[w]] for w in range(USERS)])
    own_g = np.array([[gv[w, c] for c in own[w]] for w in range(USERS)])
    joint_to_templates = (np.stack([np.stack([q[..., w, c].mean(-1) for c in own[w]], -1)
                                    for w in range(USERS)], -2)
                          - own_spread) / (own_cohort - own_spread)  # (user, test, w, trial)
    cache = {}

    def global_sum(x, mean, sd, scale):
        z = (x - mean) / np.maximum(sd, 0.5 * scale)
        return sum(np.sqrt((z[..., k] ** 2).mean(-1)) for k in kinds)

    def cohort(tune, size, kind):
        """Per user, trial, test and cohort member: the joint and global distances of the
        questioned signature to the member (NaN past the members there are)."""
        key = (tuple(tune), size, kind)
        templates = kind == "templates"
        if key in cache:
            return cache[key]
        scale = gv[tune, :POOL].reshape(-1, gv.shape[-1]).std(0)
        scale[scale == 0] = 1
        shape = (USERS, TRIALS, len(TESTS), size)
        j, gl = np.full(shape, np.nan), np.full(shape, np.nan)
        for u in range(USERS):
            pool = [w for w in tune if w != u]
            if not templates:
                pool = [(w, c) for w in pool for c in range(1, POOL)]
            for i in range(TRIALS):
                members = [pool[k] for k in permutation(SEED + 1000 * u + 200 + i,
                                                        len(pool))[:size]]
                n = len(members)
                if templates:
                    j[u, i, :, :n] = joint_to_templates[u][:, members, i]
                    mean = own_g[members, i].mean(1)
                    sd = own_g[members, i].std(1, ddof=1)
                    gl[u, i, :, :n] = global_sum(gq[u][:, None], mean, sd, scale)
                else:
                    table_ = half if kind.endswith("half rate") else q
                    d = np.stack([table_[u, :, w, c] for w, c in members], -1)
                    j[u, i, :, :n] = (d - s["spread"][u, i, :, None]) / (
                        s["cohort"][u, i, :, None] - s["spread"][u, i, :, None])
                    signatures = np.array([gv[w, c] for w, c in members])
                    gl[u, i, :, :n] = global_sum(gq[u][:, None], signatures,
                                                 refs[u, i].std(0, ddof=1), scale)
        cache[key] = j, gl
        return cache[key]

    def z(x, members):
        return (x - np.nanmean(members, -1)) / np.nanstd(members, -1, ddof=1)

    def method(p, tune):
        return joint + p[0] * g(tune).sum(-1)

    def fused(p, tune, size, kind):
        """(1 − β) the method + β (fused − μ) / σ / 10, the cohort's fused distances."""
        j, gl = cohort(tune, size, kind)
        return (1 - p[1]) * method(p, tune) + p[1] * z(method(p, tune), j + p[0] * gl) / 10

    def parts(p, tune, size, kind):
        """(1 − β) the method + β (T-norm of the joint + v T-norm of the global) / 10."""
        j, gl = cohort(tune, size, kind)
        normed = z(joint, j) + p[2] * z(g(tune).sum(-1), gl)
        return (1 - p[1]) * method(p, tune) + p[1] * normed / 10

    def global_only(p, tune, size, kind):
        """The method plus v times the T-norm of the global distance (no cohort DTW)."""
        _, gl = cohort(tune, size, kind)
        return method(p, tune) + p[1] * z(g(tune).sum(-1), gl)

    mixes = [k / 20 for k in range(11)]
    global_weights = [0, 0.25, 0.5, 1, 2]
    small = [0, 0.005, 0.01, 0.02, 0.05, 0.1]

    def bind(form, size, kind, *grids):
        return lambda: grid_fusion(lambda p, tune: form(p, tune, size, kind), [WEIGHTS, *grids])

    out = {}
    for kind, sizes in (("templates", (5, 10)), ("signatures", (5, 10, 20, 90))):
        for size in sizes:
            label, at = f"{size} {kind}", (size, kind)
            out |= {
                f"seventh: fused T-norm, {label}, mixed": bind(fused, *at, mixes),
                f"seventh: fused T-norm, {label}": bind(fused, *at, [1]),
                f"seventh: parts T-norm, {label}, mixed": bind(parts, *at, mixes, global_weights),
                f"seventh: parts T-norm, {label}": bind(parts, *at, [1], global_weights),
                f"seventh: global T-norm, {label}": bind(global_only, *at, small),
            }
    for size in (5, 10, 20):
        out[f"seventh: fused T-norm, {size} signatures at half rate, mixed"] = bind(
            fused, size, "signatures at half rate", mixes)
    return out


METHOD = BASE[:2] + ["dxCentred", "dyCentred", "dtheta", "drho"] + BASE[4:]


def method_series(c):
    """The method's ten local functions (`METHOD`) of a signature's samples, as the harness's
    tables compare them: InkFeatures' z-normalised functions, `dx`, `dy` on the shared scale and
    centred."""
    local = sf.local_functions(c)
    functions = {n: np.array(v) for n, v in zip(local["names"], local["columns"])}
    dx, dy = sf.regression(c["x"] - c["x"].mean()), sf.regression(c["y"] - c["y"].mean())
    rate = math.sqrt((dx.var() + dy.var()) / 2) or 1.0
    functions["dxCentred"], functions["dyCentred"] = dx / rate - (dx / rate).mean(), \
        dy / rate - (dy / rate).mean()
    return np.column_stack([functions[n] for n in METHOD])


def stroke_ranges(c, ranges):
    return [(a, b) for a, b in ranges if b > a]


def retimed(c, ranges, k, uniform, rng=None):
    """Issue 11's eighth round, a timing distortion: each stroke redrawn along the same path at
    a speed `uniform` of the way from its own profile to a constant one (1: uniform speed, the
    rhythm gone), with k times its samples (k times slower at the same sampling rate); the
    pen-ups k times longer too. Pressure and pen angles follow the path (interpolated at the
    point of the path reached)."""
    out = {key: [] for key in c}
    new_ranges, origin = [], c["t"][0]
    dt = sf.sampling_interval(c["t"], ranges)
    for a, b in stroke_ranges(c, ranges):
        n = b - a
        m = max(2, int(round(k * n))) if n > 1 else 1
        index = np.arange(n, dtype=float)
        if n > 1:
            s = np.r_[0, np.cumsum(np.hypot(np.diff(c["x"][a:b]), np.diff(c["y"][a:b])))]
            s = s + 1e-9 * index * (s[-1] or 1.0)  # strictly increasing through pauses
            u = np.linspace(0, 1, m)
            own = np.interp(u * (n - 1), index, s)
            target = (1 - uniform) * own + uniform * s[-1] * u
            at = np.interp(target, s, index)
        else:
            at = np.zeros(1)
        start = len(out["x"])
        for key in c:
            if key == "t":
                continue
            out[key].extend(np.interp(at, index, c[key][a:b]))
        t0 = origin + k * (c["t"][a] - origin)
        out["t"].extend(t0 + dt * np.arange(len(at)))
        new_ranges.append((start, len(out["x"])))
    return {key: np.array(v, float) for key, v in out.items()}, new_ranges


def displaced(c, ranges, amplitude, shear, rng):
    """A shape distortion: a smooth displacement along the arc length (three Fourier modes a
    coordinate, random phases and weights 1/mode, the largest displacement `amplitude` of the
    bounding box's side), then a random slant (x += h (y − ȳ), |h| ≤ `shear`) and aspect (x
    times 1 ± `shear`)."""
    x, y = c["x"].copy(), c["y"].copy()
    step = np.zeros(len(x))
    for a, b in stroke_ranges(c, ranges):
        step[a + 1:b] = np.hypot(np.diff(x[a:b]), np.diff(y[a:b]))
    s = np.cumsum(step)
    s = s / (s[-1] or 1.0)
    for axis, side in ((x, np.ptp(c["x"])), (y, np.ptp(c["y"]))):
        d = sum(rng.normal() / mode * np.sin(2 * np.pi * mode * s + rng.uniform(0, 2 * np.pi))
                for mode in (1, 2, 3))
        axis += amplitude * side * d / (np.abs(d).max() or 1.0)
    if shear:
        x = x + rng.uniform(-shear, shear) * (y - y.mean())
        x = x.mean() + (x - x.mean()) * (1 + rng.uniform(-shear, shear))
    return dict(c, x=x, y=y), ranges


def flattened(c, ranges, sigma, keep):
    """A pressure distortion: the force smoothed stroke by stroke (a Gaussian of `sigma` samples)
    and its deviation from the signature's mean force kept at `keep` of itself (the local
    `pressure` is z-normalised, so only the smoothing reaches it)."""
    f = c["force"].copy()
    if sigma:
        for a, b in stroke_ranges(c, ranges):
            width = int(3 * sigma)
            kernel = np.exp(-0.5 * (np.arange(-width, width + 1) / sigma) ** 2)
            padded = np.pad(f[a:b], width, mode="edge")
            f[a:b] = np.convolve(padded, kernel / kernel.sum(), mode="valid")
    f = f.mean() + keep * (f - f.mean())
    return dict(c, force=f), ranges


def hesitant(c, ranges, count, length, rng):
    """Hesitations: `count` pauses, each at a random sample (drawn uniformly) holding the pen
    still for 1-2 times `length` samples (the sample repeated; later samples shifted in time)."""
    n = len(c["x"])
    at = np.sort(rng.choice(n, size=min(count, n), replace=False))
    hold = rng.integers(length, 2 * length + 1, size=len(at))
    repeat = np.ones(n, dtype=int)
    repeat[at] += hold
    index = np.repeat(np.arange(n), repeat)
    dt = sf.sampling_interval(c["t"], ranges)
    out = {key: c[key][index] for key in c}
    out["t"] = c["t"][index] + dt * (np.arange(len(index)) - np.searchsorted(
        index, index, side="left") + np.cumsum(np.r_[0, repeat[:-1] - 1])[index])
    ends = np.cumsum(repeat)
    starts = np.r_[0, ends[:-1]]
    return out, [(int(starts[a]), int(ends[b - 1])) for a, b in ranges if b > a]


@njit(cache=True)
def dtw_pairs(a, b, radius):
    """The warping path of `dtw` (Euclidean, the same band): for each sample of a, the mean index
    of the samples of b matched to it."""
    n = a.shape[0]
    pairs, _ = dtw_path(a, b, radius)
    total, count = np.zeros(n), np.zeros(n)
    for k in range(pairs.shape[0]):
        total[pairs[k, 0]] += pairs[k, 1]
        count[pairs[k, 0]] += 1
    return total / np.maximum(count, 1)


def morphed(ci, ranges, cj, series_i, series_j, share=0.5):
    """A forger's blend of two references: the first's samples, timing and strokes, each moved
    `share` of the way to the point of the second matched to it by the method's joint DTW (both
    centred on their mean position), the force likewise blended."""
    radius = max(1, math.ceil(0.1 * max(len(series_i), len(series_j))))
    at = dtw_pairs(series_i, series_j, radius)
    index = np.arange(len(cj["x"]), dtype=float)
    out = dict(ci)
    for key, centred in (("x", True), ("y", True), ("force", False)):
        own, other = ci[key], np.interp(at, index, cj[key])
        shift = other.mean() - own.mean() if centred else 0.0
        out[key] = (1 - share) * own + share * (other - shift)
    return out, ranges


# name: (the steps, each (distortion, its arguments)); "morph" blends with another reference.
SYNTHETIC = {
    "timing 1.5, uniform": [("time", 1.5, 1.0)],
    "timing 2, uniform": [("time", 2.0, 1.0)],
    "timing 1.5, smoothed": [("time", 1.5, 0.5)],
    "timing 2, smoothed": [("time", 2.0, 0.5)],
    "shape 3%": [("shape", 0.03, 0.0)],
    "shape 6%": [("shape", 0.06, 0.0)],
    "slant and aspect": [("shape", 0.0, 0.15)],
    "shape 15%, slant": [("shape", 0.15, 0.15)],
    "shape 25%, slant": [("shape", 0.25, 0.15)],
    "hesitations": [("hesitate", 3, 10)],
    "pressure": [("pressure", 5.0, 0.5)],
    "forger": [("time", 1.5, 0.5), ("shape", 0.03, 0.1), ("pressure", 5.0, 0.5)],
    "forger, slow": [("time", 2.0, 1.0), ("shape", 0.06, 0.15), ("pressure", 5.0, 0.5)],
    "forger, 15% shape, hesitations": [("time", 1.5, 0.5), ("shape", 0.15, 0.15),
                                        ("hesitate", 3, 10), ("pressure", 5.0, 0.5)],
    "morph": [("morph",)],
    "morph, timing 1.5 smoothed": [("morph",), ("time", 1.5, 0.5)],
}


def raw_samples():
    out = {}
    for u in range(1, USERS + 1):
        for s in range(1, POOL + 1):
            out[(u, s)] = sf.samples(read(u, s))
    return out


def synthetic_table(feats, name):
    """Issue 11's eighth round: Y[u, r, s] the joint DTW distance (the method's functions) from
    S(r+1) of user u+1 to the synthetic forgery `name` of S(s+1), r, s in S1-S10; for a morph,
    Y[u, r, s, s2] to the blend of S(s+1) (its timing) with S(s2+1) (NaN for s = s2). Each
    synthetic forgery is drawn with a seed of its own (user, signature, distortion), not the
    trials' (its name's CRC-32 in the seed)."""
    path = os.path.join(CACHE, f"synthetic-{name.replace(' ', '_').replace(',', '')}.npy")
    if os.path.exists(path):
        return np.load(path)
    raw = raw_samples()
    series = {key: np.column_stack([feats[key][0][n] for n in METHOD]) for key in raw}
    steps = SYNTHETIC[name]
    tag = zlib.crc32(name.encode())

    def forge(u, s, other=None):
        c, ranges = raw[(u, s)]
        rng = np.random.default_rng([20261206, u, s, tag])
        for step in steps:
            if step[0] == "time":
                c, ranges = retimed(c, ranges, step[1], step[2])
            elif step[0] == "shape":
                c, ranges = displaced(c, ranges, step[1], step[2], rng)
            elif step[0] == "hesitate":
                c, ranges = hesitant(c, ranges, step[1], step[2], rng)
            elif step[0] == "pressure":
                c, ranges = flattened(c, ranges, step[1], step[2])
            else:
                c, ranges = morphed(c, ranges, raw[(u, other)][0], series[(u, s)],
                                    series[(u, other)])
        return method_series(c)

    def distance(a, b):
        radius = max(1, math.ceil(0.1 * max(len(a), len(b))))
        return dtw(a, b, radius) / (len(a) + len(b))

    morph = steps[0][0] == "morph"
    y = np.full((USERS, POOL, POOL) + ((POOL,) if morph else ()), np.nan)
    for u in range(USERS):
        for s in range(POOL):
            for s2 in (range(POOL) if morph else [None]):
                if s2 == s:
                    continue
                forged = forge(u + 1, s + 1, None if s2 is None else s2 + 1)
                for r in range(POOL):
                    d = distance(series[(u + 1, r + 1)], forged)
                    if morph:
                        y[u, r, s, s2] = d
                    else:
                        y[u, r, s] = d
    np.save(path, y)
    return y


def synthetic_anchor(y, own=False):
    """Per user, trial and test (broadcast): the references' mean distance to the synthetic
    forgeries of the other references (or, with `own`, each reference's to its own); for a morph,
    to the blends of two other references."""
    out = np.zeros((USERS, TRIALS))
    for u in range(USERS):
        for i, chosen in enumerate(CHOSEN[u]):
            if y.ndim == 3:
                d = [y[u, r, s] for r in chosen for s in chosen if (r == s) == own]
            else:
                d = [y[u, r, s, s2] for r in chosen for s in chosen for s2 in chosen
                     if len({r, s, s2}) == 3]
            out[u, i] = np.mean(d)
    return np.broadcast_to(out[..., None], (USERS, TRIALS, len(TESTS)))


def eighth_round(feats, g):
    """Issue 11's eighth round: synthetic skilled forgeries of the user's own references made at
    enrolment (`SYNTHETIC`: the path re-timed slower and more uniformly, its shape displaced or
    slanted, its force smoothed, two references blended, and combinations), their distances to the
    references an impostor anchor of the user's own: in place of the cohort distance, mixed with
    it, or subtracted from the method's fused distance; or the genuine-like ones (a blend, a
    small displacement, slant, pressure) mixed into the genuine anchor. The "1/2" rows fix the mix
    at the value --synthetic-bound chose on all twenty users: not held out. No DTW at
    verification."""
    t = table(feats, METHOD)
    s = statistics(t)
    joint = anchored(s)
    mixes = [0, 0.25, 0.5, 0.75, 1]
    amounts = [0, 0.25, 0.5, 0.75, 1]
    anchors = {}

    def anchor(name, own=False):
        if (name, own) not in anchors:
            anchors[(name, own)] = synthetic_anchor(synthetic_table(feats, name), own)
        return anchors[(name, own)]

    def replaced(name, own=False):
        def fused(p, tune):
            gap = np.maximum(anchor(name, own) - s["spread"], 1e-6)
            return (s["mean"] - s["spread"]) / gap + p[0] * g(tune).sum(-1)
        return fused

    def mixed(name, own=False):
        def fused(p, tune):
            impostor = (1 - p[1]) * s["cohort"] + p[1] * anchor(name, own)
            gap = np.maximum(impostor - s["spread"], 1e-6)
            return (s["mean"] - s["spread"]) / gap + p[0] * g(tune).sum(-1)
        return fused

    def less(name, own=False):
        def fused(p, tune):
            shift = (anchor(name, own) - s["spread"]) / (s["cohort"] - s["spread"])
            return joint - p[1] * shift + p[0] * g(tune).sum(-1)
        return fused

    out = {"eighth: the method": lambda: grid_fusion(
        lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])}
    for name in SYNTHETIC:
        out[f"eighth: anchored at {name}"] = (lambda n=name: lambda: grid_fusion(
            replaced(n), [WEIGHTS]))()
        out[f"eighth: cohort and {name} mixed"] = (lambda n=name: lambda: grid_fusion(
            mixed(n), [WEIGHTS, mixes]))()
        out[f"eighth: less {name}"] = (lambda n=name: lambda: grid_fusion(
            less(n), [WEIGHTS, amounts]))()
        if SYNTHETIC[name][0][0] != "morph":
            out[f"eighth: anchored at {name}, own"] = (lambda n=name: lambda: grid_fusion(
                replaced(n, True), [WEIGHTS]))()
            out[f"eighth: cohort and {name} mixed, own"] = (lambda n=name: lambda: grid_fusion(
                mixed(n, True), [WEIGHTS, mixes]))()
    def genuine(name, own=False):
        """A synthetic duplicate as the genuine anchor: (1 − β) the spread + β the references'
        mean distance to the synthetic signatures, the cohort the impostor anchor."""
        def fused(p, tune):
            low = (1 - p[1]) * s["spread"] + p[1] * anchor(name, own)
            return (s["mean"] - low) / (s["cohort"] - low) + p[0] * g(tune).sum(-1)
        return fused

    for name in ("morph", "shape 6%", "slant and aspect", "pressure", "timing 1.5, smoothed"):
        out[f"eighth: genuine anchor mixed with {name}"] = (lambda n=name: lambda: grid_fusion(
            genuine(n), [WEIGHTS, mixes]))()
    for name in ("timing 2, uniform", "timing 2, smoothed", "forger, slow"):
        out[f"eighth: cohort and {name} mixed, 1/2"] = (lambda n=name: lambda: grid_fusion(
            mixed(n), [WEIGHTS, [0.5]]))()
    # The distortion and the mix (or amount) tuned together, every pair tried at each step.
    mix_pairs = [(0, next(iter(SYNTHETIC)))] + [(b, n) for b in mixes[1:] for n in SYNTHETIC]
    amount_pairs = [(0, next(iter(SYNTHETIC)))] + [(b, n) for b in amounts[1:] for n in SYNTHETIC]
    out["eighth: cohort and a distortion mixed, both tuned"] = lambda: grid_fusion(
        lambda p, tune: mixed(p[1][1])([p[0], p[1][0]], tune), [WEIGHTS, mix_pairs])
    out["eighth: less a distortion, both tuned"] = lambda: grid_fusion(
        lambda p, tune: less(p[1][1])([p[0], p[1][0]], tune), [WEIGHTS, amount_pairs])
    return out


DRAWS = int(os.environ.get("DRAWS", "40"))


def extra_draws(u, count):
    """`count` more draws of five of S1-S10 for user index u, to train a writer-independent
    verifier on a tuning user (not the protocol's trials: seeded apart from SEED's)."""
    return [permutation(7_000_000 + 1000 * int(u) + k, POOL)[:REFERENCES] for k in range(count)]


@njit(cache=True)
def dtw_path(a, b, radius):
    """`dtw`'s warping path traced back (pairs of sample indices, end to start) and its summed
    cost."""
    n, m = a.shape[0], b.shape[0]
    d = dtw_table(a, b, radius)
    pairs = np.zeros((n + m, 2), np.int64)
    i, j, k = n, m, 0
    while i > 0 and j > 0:
        pairs[k, 0], pairs[k, 1] = i - 1, j - 1
        k += 1
        both, up, left = d[i - 1, j - 1], d[i - 1, j], d[i, j - 1]
        if both <= up and both <= left:
            i, j = i - 1, j - 1
        elif up <= left:
            i -= 1
        else:
            j -= 1
    return pairs[:k], d[n, m]


def dba(series, iterations=10, band=0.1):
    """A DTW barycentre (Petitjean, Ketterlin and Gancarski's DBA) of `series` under the method's
    DTW: started from the medoid (the series nearest the others), each sample of the average
    replaced by the mean of the samples every series matches to it, `iterations` times."""
    def distance(a, b):
        radius = max(1, math.ceil(band * max(len(a), len(b))))
        return dtw(a, b, radius) / (len(a) + len(b))

    sums = [sum(distance(a, b) for b in series) for a in series]
    average = series[int(np.argmin(sums))].copy()
    for _ in range(iterations):
        total, count = np.zeros_like(average), np.zeros(len(average))
        for s in series:
            radius = max(1, math.ceil(band * max(len(average), len(s))))
            pairs, _ = dtw_path(average, s, radius)
            np.add.at(total, pairs[:, 0], s[pairs[:, 1]])
            np.add.at(count, pairs[:, 0], 1)
        average = total / count[:, None]
    return average


def dba_table(feats, sets_of, tag, band=0.1):
    """B[u, k, :]: the method's DTW distance (over n + m) from the DBA of the k-th reference set
    of user u (`sets_of(u)`) to its references (5), the user's tests (TESTS) and the cohort
    (COHORT); and, as `loo`, each reference's distance to the DBA of the other four."""
    path = os.path.join(CACHE, f"dba-{tag}.npz")
    if os.path.exists(path):
        z = np.load(path)
        return z["b"], z["loo"]
    series = {key: np.column_stack([f[0][n] for n in METHOD]) for key, f in feats.items()}

    def distance(a, b):
        radius = max(1, math.ceil(band * max(len(a), len(b))))
        return dtw(a, b, radius) / (len(a) + len(b))

    out, loo = [], []
    for u in range(USERS):
        keys = columns(u + 1)
        rows, rows_loo = [], []
        for chosen in sets_of(u):
            refs = [series[keys[r]] for r in chosen]
            template = dba(refs)
            rows.append([distance(template, r) for r in refs]
                        + [distance(template, series[keys[c]]) for c in TESTS + COHORT])
            rows_loo.append([distance(dba(refs[:i] + refs[i + 1:]), refs[i])
                             for i in range(REFERENCES)])
        out.append(rows)
        loo.append(rows_loo)
    b, loo = np.array(out), np.array(loo)
    np.savez(path, b=b, loo=loo)
    return b, loo


def dissimilarity_space(feats):
    """Issue 11's ninth round, the writer-independent verifier's input: for a user, a set of five
    references (indices into S1-S10) and the tuning users (for the global features' floor), one
    vector of dissimilarities a test (TESTS), each relative to the references' own: the joint
    distance anchored (the method's), its logarithm over the spread, the nearest reference's over
    the references' mean nearest, anchored at the nearest cohort signature; each of the ten
    functions' cost along the joint path anchored at its own spread and cohort, and its logarithm
    over the spread; the path's steps, non-diagonal share and distance from the diagonal less the
    references' own; the three kinds' global distances; the logarithms of the length and the
    duration over the references' means (signed and absolute); the share of the cohort nearer the
    references than the questioned signature, and of the references whose mean distance to the
    others is above it."""
    p = path_table(feats, METHOD, list(range(10)), cohort=True)  # (user, ref, column, 14)
    names = list(feats[(1, 1)][1])
    gv = np.array([[[feats[key][1][n] for n in names] for key in columns(u + 1)]
                   for u in range(USERS)])
    kinds = [[names.index(n) for n in kind] for kind in KINDS.values()]
    length = np.array([[len(feats[key][0]["x"]) for key in columns(u + 1)]
                       for u in range(USERS)], float)
    duration = gv[..., names.index("duration")]
    off = ~np.eye(REFERENCES, dtype=bool)
    labels = (["anchored", "log over spread", "nearest over spread", "nearest cohort anchored"]
              + [f"{n} anchored" for n in METHOD] + [f"{n} log" for n in METHOD]
              + ["steps", "non-diagonal", "off-diagonal"] + [f"global {k}" for k in KINDS]
              + ["log length", "|log length|", "log duration", "|log duration|",
                 "cohort rank", "reference rank"])

    def vectors(u, chosen, scale):
        c = np.array(chosen)
        d = p[u][c][:, TESTS]  # (5, tests, 14)
        rr = p[u][np.ix_(c, c)]
        own = rr[off].mean(0)
        coh = p[u][c][:, COHORT].mean((0, 1))
        q = d.mean(0)
        joint_rr = np.where(off, rr[..., 0], np.inf)
        nearest_own = joint_rr.min(1).mean()
        nearest_cohort = p[u][c][:, COHORT, 0].min(1).mean()
        cohort_means = p[u][c][:, COHORT, 0].mean(0)
        own_means = rr[..., 0][off].reshape(REFERENCES, REFERENCES - 1).mean(1)
        refs = gv[u, c]
        z = (gv[u, TESTS] - refs.mean(0)) / np.maximum(refs.std(0, ddof=1), 0.5 * scale)
        glob = np.stack([np.sqrt((z[:, k] ** 2).mean(-1)) for k in kinds], -1)
        lr = np.log(length[u, TESTS] / length[u, c].mean())
        dr = np.log(duration[u, TESTS] / duration[u, c].mean())
        cols = [(q[:, 0] - own[0]) / (coh[0] - own[0]), np.log(q[:, 0] / own[0]),
                np.log(d[..., 0].min(0) / nearest_own),
                (q[:, 0] - own[0]) / (nearest_cohort - own[0])]
        cols += [(q[:, k] - own[k]) / (coh[k] - own[k]) for k in range(1, 11)]
        cols += [np.log(q[:, k] / own[k]) for k in range(1, 11)]
        cols += [q[:, k] - own[k] for k in range(11, 14)]
        cols += [glob[:, k] for k in range(3)]
        cols += [lr, np.abs(lr), dr, np.abs(dr),
                 (cohort_means[None] < q[:, :1]).mean(1), (own_means[None] > q[:, :1]).mean(1)]
        return np.column_stack(cols)

    def scale_of(tune):
        scale = gv[tune, :POOL].reshape(-1, gv.shape[-1]).std(0)
        scale[scale == 0] = 1
        return scale

    return vectors, scale_of, labels


def ninth_round(feats, g):
    """Issue 11's ninth round: a writer-independent verifier learned in the dissimilarity space
    (Eskander, Sabourin and Granger 2013; Souza, Oliveira and Sabourin 2018) on the tuning users'
    genuine tests (S11-S20) against their skilled forgeries, over the protocol's trials and DRAWS
    more reference draws a tuning user; and a DTW barycentre (DBA) of the references as a mean
    template (Okawa 2019), alone and beside the method."""
    from sklearn.ensemble import HistGradientBoostingClassifier
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    t = table(feats, METHOD)
    s = statistics(t)
    joint = anchored(s)
    vectors, scale_of, labels = dissimilarity_space(feats)

    def template_vectors(u, k):
        """The mean template's dissimilarities for user u's k-th trial (the protocol's draws
        only): its distance anchored at the leave-one-out distances and at the nearest cohort
        signature or the cohort's mean, and its logarithm over the leave-one-out distances."""
        b, loo = dba_table(feats, lambda v: CHOSEN[v], f"seed{SEED}")
        tests = b[u, k, REFERENCES:REFERENCES + len(TESTS)]
        cohort, low = b[u, k, REFERENCES + len(TESTS):], loo[u, k].mean()
        return np.column_stack([(tests - low) / (cohort.min() - low),
                                (tests - low) / (cohort.mean() - low), np.log(tests / low)])

    def learned(make, keep=None, draws=DRAWS, prior=False, template=False):
        """Trains `make()` on the tuning users' vectors (genuine 1, skilled 0, each class half the
        weight), scores the held-out users' trials by its decision function. `keep`: the labels
        of the features used (all by default). `prior`: the method's fused distance, its weight
        tuned by the fold as the method's, added as a feature. `template`: the mean template's
        dissimilarities added (`template_vectors`; the protocol's trials only, draws 0)."""
        index = [labels.index(k) for k in keep] if keep else list(range(len(labels)))
        assert not template or draws == 0

        def with_template(v, u, k, rows):
            return np.column_stack([v, template_vectors(u, k)[:rows]]) if template else v

        def fit(tune, test):
            scale = scale_of(list(tune))
            w = (min(WEIGHTS, key=lambda w: objective(-(joint + w * g(tune).sum(-1)), list(tune)))
                 if prior else 0.0)
            xs, ys = [], []
            for u in tune:
                for k, chosen in enumerate(CHOSEN[u] + extra_draws(u, draws)):
                    v = vectors(u, chosen, scale)[:GEN + SKILLED][:, index]
                    if prior:
                        v = np.column_stack([v, fused_of(u, chosen, scale, w)[:GEN + SKILLED]])
                    xs.append(with_template(v, u, k, GEN + SKILLED))
                    ys.append(np.r_[np.ones(GEN), np.zeros(SKILLED)])
            x, y = np.concatenate(xs), np.concatenate(ys)
            weight = np.where(y == 1, 0.5 / (y == 1).sum(), 0.5 / (y == 0).sum()) * len(y)
            model = make()
            if hasattr(model, "steps"):
                model.fit(x, y, **{model.steps[-1][0] + "__sample_weight": weight})
            else:
                model.fit(x, y, sample_weight=weight)
            out = np.zeros((len(test), TRIALS, len(TESTS)))
            for i, u in enumerate(test):
                for k, chosen in enumerate(CHOSEN[u]):
                    v = vectors(u, chosen, scale)[:, index]
                    if prior:
                        v = np.column_stack([v, fused_of(u, chosen, scale, w)])
                    out[i, k] = model.decision_function(with_template(v, u, k, len(TESTS)))
            if os.environ.get("VERBOSE") and hasattr(model, "steps"):
                coef = model.steps[-1][1].coef_[0]
                named = [labels[j] for j in index] + (["fused"] if prior else []) + (
                    ["template nearest", "template mean", "template log"] if template else [])
                print("  tuned on", tune[0] + 1, "-", tune[-1] + 1, ":", ", ".join(
                    f"{n} {c:+.2f}" for n, c in sorted(zip(named, coef), key=lambda z: -abs(z[1]))
                    [:10]), file=sys.stderr)
            return out
        return fit

    def fused_of(u, chosen, scale, w):
        v = vectors(u, chosen, scale)
        return v[:, 0] + w * v[:, [labels.index(f"global {k}") for k in KINDS]].sum(1)

    def lr(c):
        return lambda: make_pipeline(StandardScaler(), LogisticRegression(C=c, max_iter=5000))

    def gbt(depth=3, rate=0.05, iterations=150):
        return lambda: HistGradientBoostingClassifier(
            max_depth=depth, learning_rate=rate, max_iter=iterations, min_samples_leaf=100,
            l2_regularization=1.0, random_state=0)

    core = (["anchored"] + [f"global {k}" for k in KINDS])
    functions = core + [f"{n} anchored" for n in METHOD]
    out = {"ninth: the method": lambda: grid_fusion(
        lambda p, tune: joint + p[0] * g(tune).sum(-1), [WEIGHTS])}
    for c in (0.001, 0.01, 0.1, 1):
        out[f"ninth: dissimilarity LR, C {c}"] = (lambda c=c: lambda: learned(lr(c)))()
    out["ninth: dissimilarity LR, C 0.01, trials only"] = lambda: learned(lr(0.01), draws=0)
    out["ninth: dissimilarity LR, C 0.01, core"] = lambda: learned(lr(0.01), core)
    out["ninth: dissimilarity LR, C 0.01, core and functions"] = lambda: learned(
        lr(0.01), functions)
    out["ninth: dissimilarity LR, C 0.01, with the method's fused"] = lambda: learned(
        lr(0.01), prior=True)
    out["ninth: dissimilarity GBT"] = lambda: learned(gbt())
    out["ninth: dissimilarity GBT, depth 2"] = lambda: learned(gbt(2))
    out["ninth: dissimilarity GBT, trials only"] = lambda: learned(gbt(), draws=0)
    out["ninth: dissimilarity GBT, core and functions"] = lambda: learned(gbt(), functions)
    out["ninth: dissimilarity LR, C 0.01, trials only, with the template"] = lambda: learned(
        lr(0.01), draws=0, template=True)
    out["ninth: dissimilarity LR, C 0.001, trials only, with the template"] = lambda: learned(
        lr(0.001), draws=0, template=True)
    out["ninth: dissimilarity LR, C 0.01, core, trials only, with the template"] = \
        lambda: learned(lr(0.01), core, draws=0, template=True)
    out["ninth: dissimilarity GBT, trials only, with the template"] = lambda: learned(
        gbt(), draws=0, template=True)

    # Mean templates: the DBA of the trial's references.
    def dba_parts():
        b, loo = dba_table(feats, lambda u: CHOSEN[u], f"seed{SEED}")
        refs, tests, cohort = b[..., :REFERENCES], b[..., REFERENCES:REFERENCES + len(TESTS)], \
            b[..., REFERENCES + len(TESTS):]
        return refs.mean(-1)[..., None], tests, cohort.mean(-1)[..., None], loo.mean(-1)[..., None]

    def dba_fusion(genuine_anchor="in", mix=False):
        def make():
            own, tests, cohort, loo = dba_parts()
            low = own if genuine_anchor == "in" else loo
            template = (tests - low) / (cohort - low)
            grids = [WEIGHTS] + ([[0, 0.25, 0.5, 0.75, 1]] if mix else [])
            return grid_fusion(lambda p, tune: ((1 - p[1]) * joint + p[1] * template if mix
                                                else template) + p[0] * g(tune).sum(-1), grids)
        return make

    def dba_form(form, grids):
        def make():
            own, tests, cohort, loo = dba_parts()
            b, _ = dba_table(feats, lambda u: CHOSEN[u], f"seed{SEED}")
            ordered = np.sort(b[..., REFERENCES + len(TESTS):], -1)
            nearest = ordered[..., :1]
            parts = {"own": own, "tests": tests, "cohort": cohort, "loo": loo,
                     "nearest": nearest, "ordered": ordered}
            return grid_fusion(lambda p, tune: form(parts, p[1:]) + p[0] * g(tune).sum(-1),
                               [WEIGHTS] + grids)
        return make

    out["ninth: DBA (leave-one-out), nearest cohort anchored"] = dba_form(
        lambda d, p: (d["tests"] - d["loo"]) / (d["nearest"] - d["loo"]), [])
    out["ninth: DBA (leave-one-out), k nearest cohort anchored, k tuned"] = dba_form(
        lambda d, p: (d["tests"] - d["loo"])
        / (d["ordered"][..., :p[0]].mean(-1)[..., None] - d["loo"]), [[1, 2, 3, 5, 10, 19]])
    nearest_joint = (s["mean"] - s["spread"]) / (cohort_nearest(t, 1) - s["spread"])
    out["ninth: DBA (leave-one-out) and the method, both nearest cohort anchored, averaged"] = \
        dba_form(lambda d, p: 0.5 * nearest_joint + 0.5 * (d["tests"] - d["loo"])
                 / (d["nearest"] - d["loo"]), [])
    out["ninth: DBA (leave-one-out) nearest cohort anchored, mixed with the method"] = dba_form(
        lambda d, p: (1 - p[0]) * joint + p[0] * (d["tests"] - d["loo"])
        / (d["nearest"] - d["loo"]), [[0, 0.25, 0.5, 0.75, 1]])
    out["ninth: DBA (leave-one-out) nearest cohort anchored and the method averaged"] = dba_form(
        lambda d, p: 0.5 * joint + 0.5 * (d["tests"] - d["loo"]) / (d["nearest"] - d["loo"]), [])

    def ensemble(d, members):
        """The mean of anchored distances: the method's joint distance anchored at the mean cohort
        distance ("mean") and at each reference's nearest cohort signature ("nearest"), the DBA's
        (leave-one-out spread) at the cohort's mean distance to it ("DBA mean") and at the
        nearest ("DBA nearest")."""
        every = {"mean": joint, "nearest": nearest_joint,
                 "DBA mean": (d["tests"] - d["loo"]) / (d["cohort"] - d["loo"]),
                 "DBA nearest": (d["tests"] - d["loo"]) / (d["nearest"] - d["loo"])}
        return sum(every[m] for m in members) / len(members)

    for members in (("mean", "nearest", "DBA mean", "DBA nearest"),
                    ("mean", "DBA mean", "DBA nearest"), ("mean", "nearest", "DBA nearest")):
        out["ninth: the mean of " + ", ".join(members)] = (lambda m=members: dba_form(
            lambda d, p: ensemble(d, m), []))()
    out["ninth: DBA, genuine anchor between in-sample and leave-one-out"] = dba_form(
        lambda d, p: (d["tests"] - (1 - p[0]) * d["own"] - p[0] * d["loo"])
        / (d["cohort"] - (1 - p[0]) * d["own"] - p[0] * d["loo"]), [[0, 0.25, 0.5, 0.75, 1]])
    out["ninth: DBA (leave-one-out) and the method averaged"] = dba_form(
        lambda d, p: 0.5 * joint + 0.5 * (d["tests"] - d["loo"]) / (d["cohort"] - d["loo"]), [])
    out["ninth: DBA (leave-one-out) anchored at the method's cohort and spread"] = dba_form(
        lambda d, p: (d["tests"] - d["loo"]) / (s["cohort"] - s["spread"]), [])
    out["ninth: DBA template, anchored"] = dba_fusion()
    out["ninth: DBA template, anchored at the leave-one-out spread"] = dba_fusion("loo")
    out["ninth: DBA template mixed with the method"] = dba_fusion(mix=True)
    out["ninth: DBA template (leave-one-out) mixed with the method"] = dba_fusion("loo", True)
    return out


def synthetic_correlations(feats):
    """How far the eighth round's synthetic anchors say where a user's scores sit: as
    `enrolment_correlations` does for the enrolment's figures, each synthetic distortion's
    anchor (the references' mean distance to the other references' synthetic forgeries), its
    gap to the spread and that gap over the cohort's, against the medians of the genuine tests'
    and the skilled forgeries' fused distance and the a-posteriori EER threshold, and the
    forgeries' median joint distance."""
    s = statistics(table(feats, METHOD))
    fused = anchored(s) + 2 ** -6 * global_distances(feats)(list(range(10))).sum(-1)
    genuine = np.median(fused[..., :GEN], -1)
    forged = np.median(fused[..., GEN:GEN + SKILLED], -1)
    forged_joint = np.median(s["mean"][..., GEN:GEN + SKILLED], -1)
    threshold = np.zeros((USERS, TRIALS))
    for u, t in itertools.product(range(USERS), range(TRIALS)):
        gg, f = fused[u, t, :GEN], fused[u, t, GEN:GEN + SKILLED]
        threshold[u, t] = min(np.r_[gg, f], key=lambda c: abs((f <= c).mean() - (gg > c).mean()))
    spread, cohort = s["spread"][..., 0], s["cohort"][..., 0]
    print(f"the EER threshold: r with the genuine median "
          f"{np.corrcoef(threshold.ravel(), genuine.ravel())[0, 1]:+.2f}, the forgeries' "
          f"{np.corrcoef(threshold.ravel(), forged.ravel())[0, 1]:+.2f}")
    for label, x in (("the spread (for comparison)", spread),
                     ("the cohort (for comparison)", cohort)):
        r = [np.corrcoef(x.ravel(), v.ravel())[0, 1]
             for v in (genuine, forged, threshold, forged_joint)]
        print(f"{label:40s} r with the genuine median {r[0]:+.2f}, the forgeries' {r[1]:+.2f}, "
              f"the EER threshold {r[2]:+.2f}, the forgeries' joint {r[3]:+.2f}")
    for name in SYNTHETIC:
        a = synthetic_anchor(synthetic_table(feats, name))[..., 0]
        for label, x in ((name, a), (name + ": gap over the cohort's",
                                     (a - spread) / (cohort - spread))):
            r = [np.corrcoef(x.ravel(), v.ravel())[0, 1]
                 for v in (genuine, forged, threshold, forged_joint)]
            print(f"{label:40s} r with the genuine median {r[0]:+.2f}, the forgeries' {r[1]:+.2f}, "
                  f"the EER threshold {r[2]:+.2f}, the forgeries' joint {r[3]:+.2f}; "
                  f"mean (a - spread) / (cohort - spread) "
                  f"{((a - spread) / (cohort - spread)).mean():.2f}")


def synthetic_bound(feats):
    """A bound, not a held-out figure: the eighth round's mixed and subtracted anchors with every
    parameter (the global weight; the mix β, 0-1 by 1/4; the amount b, -1-2) chosen on all
    twenty users at once, no map (one threshold on the fused distance): the least pooled skilled
    EER among the settings whose per-user EER is at most 3%, against the method's (β = b = 0)."""
    s = statistics(table(feats, METHOD))
    joint, g, every = anchored(s), global_distances(feats), list(range(USERS))

    def least(form, grid):
        results = []
        for w in WEIGHTS:
            for b in grid:
                per, pooled, _, _ = rates(-(form(b) + w * g(every).sum(-1)), every)
                results.append((pooled.mean(), per.mean(), w, b))
        kept = [r for r in results if r[1] <= 0.03]
        return min(kept), min(r for r in kept if r[3] == 0)

    for name in SYNTHETIC:
        a = synthetic_anchor(synthetic_table(feats, name))
        forms = (("mixed", lambda b: (s["mean"] - s["spread"]) / np.maximum(
                     (1 - b) * s["cohort"] + b * a - s["spread"], 1e-6), [0, .25, .5, .75, 1]),
                 ("less", lambda b: joint - b * (a - s["spread"]) / (s["cohort"] - s["spread"]),
                  [-1, -.5, -.25, 0, .25, .5, 1, 2]))
        for label, form, grid in forms:
            best, method = least(form, grid)
            print(f"{name:34s} {label:6s} {100 * best[1]:.2f} / {100 * best[0]:.2f} (w 2^"
                  f"{math.log2(best[2]) if best[2] else '-inf'}, {best[3]}); the method "
                  f"{100 * method[1]:.2f} / {100 * method[0]:.2f}")


def splits(count):
    """The (tuning, test) users of `count` folds over the users in input order: with 2, tune on
    1-10 and report on 11-20, then the reverse; with 20, leave one user out."""
    groups = np.array_split(np.arange(USERS), count)
    if count == 2:
        groups = groups[::-1]
    return [(np.setdiff1d(np.arange(USERS), test), test) for test in groups]


def report(name, fit):
    scores, folds = np.zeros((USERS, TRIALS, GEN + SKILLED + RANDOM)), []
    for tune, test in splits(FOLDS):
        scores[test] = fit(tune, test)
        per, pooled, _, _ = rates(scores, list(test))
        label = f"{test[0] + 1}-{test[-1] + 1}" if len(test) > 1 else f"{test[0] + 1}"
        folds.append(f"{label}: {100 * per.mean():.2f} / {100 * pooled.mean():.2f}")
    per, pooled, random_per, random_pooled = rates(scores, list(range(USERS)))
    shown = "  ".join(folds) if FOLDS <= 5 else f"{FOLDS} folds"
    print(f"{name:44s} {shown}  all 20: {100 * per.mean():.2f} ± "
          f"{100 * per.std(ddof=1):.2f} / {100 * pooled.mean():.2f} ± {100 * pooled.std(ddof=1):.2f}"
          f"  random {100 * random_per.mean():.2f} / {100 * random_pooled.mean():.2f}")


def cohort_cost(feats):
    """The seventh round's cost at verification for user 17, the longest: the DTW cells (band of
    10% of the longer series) of a verification against each trial's five references, and of one
    against a cohort signature of the fold that holds user 17 out (S2-S10 of users 1-10), at full
    and at half rate; averaged over the questioned signatures S11-S40 and the cohort."""
    def cells(n, m):
        radius = max(1, math.ceil(0.1 * max(n, m)))
        below, above = max(0, n - m) + radius, max(0, m - n) + radius
        i = np.arange(n)
        return np.maximum(0, np.minimum(m - 1, i + above) - np.maximum(0, i - below) + 1).sum()

    length = {key: len(f[0]["x"]) for key, f in feats.items()}
    questioned = [length[(17, b)] for b in range(11, 41)]
    pool = [length[(w, c)] for w in range(1, 11) for c in range(2, POOL + 1)]
    references = np.mean([sum(cells(n, length[(17, r + 1)]) for r in chosen)
                          for chosen in CHOSEN[16] for n in questioned])
    print(f"user 17: {references:.0f} cells a verification against five references")
    for step in (1, 2):
        member = np.mean([cells(-(-n // step), -(-m // step)) for n in questioned for m in pool])
        print(f"a cohort signature at 1/{step} rate: {member:.0f} cells, "
              + ", ".join(f"{k} of them {k * member / references:.2f} verifications"
                          for k in (5, 10, 20)))


def template_cost(feats):
    """The ninth round's cost at verification for user 17, the longest: the DTW cells (band of
    10% of the longer series) of a verification against each trial's five references, and of the
    one more DTW against the references' DBA, whose length is the medoid reference's (DBA keeps
    the length of the series it starts from); averaged over S11-S40."""
    def cells(n, m):
        radius = max(1, math.ceil(0.1 * max(n, m)))
        below, above = max(0, n - m) + radius, max(0, m - n) + radius
        i = np.arange(n)
        return np.maximum(0, np.minimum(m - 1, i + above) - np.maximum(0, i - below) + 1).sum()

    t = table(feats, METHOD)
    length = {key: len(f[0]["x"]) for key, f in feats.items()}
    questioned = [length[(17, b)] for b in range(11, 41)]
    references, template = [], []
    for chosen in CHOSEN[16]:
        rr = t[16][np.ix_(chosen, chosen)].sum(1)
        medoid = chosen[int(np.argmin(rr))]
        for n in questioned:
            references.append(sum(cells(n, length[(17, r + 1)]) for r in chosen))
            template.append(cells(n, length[(17, medoid + 1)]))
    print(f"user 17: {np.mean(references):.0f} cells against five references, "
          f"{np.mean(template):.0f} against the DBA template "
          f"({np.mean(template) / np.mean(references):.2f} of a verification)")


def paired(feats, names):
    """Trial by trial, each variant's pooled skilled EER over all twenty (held out as FOLDS and
    SEED say) against the method's: in how many of the ten trials it is lower, the mean
    difference and its standard error, and the mean difference per user."""
    table_of = variants(feats)

    def rates_of(name):
        fit = table_of[name]()
        scores = np.zeros((USERS, TRIALS, GEN + SKILLED + RANDOM))
        for tune, test in splits(FOLDS):
            scores[test] = fit(tune, test)
        return rates(scores, list(range(USERS)))[:2]

    base_per, base_pooled = rates_of("ninth: the method")
    for name in names:
        per, pooled = rates_of(name)
        d = 100 * (pooled - base_pooled)
        print(f"{name}: pooled lower in {(d < 0).sum()} of {TRIALS} trials, by "
              f"{-d.mean():.2f} points on average (standard error "
              f"{d.std(ddof=1) / math.sqrt(TRIALS):.2f}); per user "
              f"{100 * (per - base_per).mean():+.2f}")


def template_correlations(feats):
    """What the ninth round's mean template changes: over the 200 user-trials, how far its
    genuine anchors (the references' in-sample and leave-one-out distances to the DBA) follow the
    genuine tests' median distance to it, and its cohort anchors (mean, nearest) the forgeries',
    against the method's spread and cohort distance; the ratio of the genuine tests' median to each
    genuine anchor; and, for the method, the template anchored at the leave-one-out distances and
    the nearest cohort signature, and their average, the deviation of the users' a-posteriori EER
    thresholds between users and within them over the mean gap between a user-trial's genuine
    and skilled medians."""
    t = table(feats, METHOD)
    s = statistics(t)
    b, loo = dba_table(feats, lambda u: CHOSEN[u], f"seed{SEED}")
    tests, cohort = b[..., REFERENCES:REFERENCES + len(TESTS)], b[..., REFERENCES + len(TESTS):]
    own, loo = b[..., :REFERENCES].mean(-1), loo.mean(-1)
    genuine_joint = np.median(s["mean"][..., :GEN], -1)
    genuine = np.median(tests[..., :GEN], -1)
    forged = np.median(tests[..., GEN:GEN + SKILLED], -1)

    def r(a, c):
        return np.corrcoef(a.ravel(), c.ravel())[0, 1]

    spread = s["spread"][..., 0]
    print(f"r with the genuine median: the spread (joint) {r(spread, genuine_joint):.2f}, the "
          f"template's leave-one-out {r(loo, genuine):.2f}, in-sample {r(own, genuine):.2f}; with "
          f"the forgeries' median: the cohort's mean {r(cohort.mean(-1), forged):.2f}, nearest "
          f"{r(cohort.min(-1), forged):.2f}")
    for label, x, y in (("spread", genuine_joint, spread), ("leave-one-out", genuine, loo),
                        ("in-sample", genuine, own)):
        print(f"genuine median over the {label} anchor: {(x / y).mean():.2f} ± {(x / y).std():.2f}")
    method = anchored(s)
    template = (tests - loo[..., None]) / (cohort.min(-1)[..., None] - loo[..., None])
    for label, a in (("the method", method), ("the template, nearest", template),
                     ("averaged", (method + template) / 2)):
        threshold = np.zeros((USERS, TRIALS))
        for u, k in itertools.product(range(USERS), range(TRIALS)):
            g, f = a[u, k, :GEN], a[u, k, GEN:GEN + SKILLED]
            threshold[u, k] = min(np.r_[g, f],
                                  key=lambda c: abs((f <= c).mean() - (g > c).mean()))
        gap = (np.median(a[..., GEN:GEN + SKILLED], -1) - np.median(a[..., :GEN], -1)).mean()
        print(f"{label}: the EER threshold's deviation between users "
              f"{threshold.mean(1).std() / gap:.3f} and within "
              f"{math.sqrt(threshold.var(1).mean()) / gap:.3f} of the mean gap")


def consistency(feats):
    """The enrolment check of SignatureEnrollment over every five of S1-S10 of every user: for
    each kind, the largest ratio of a reference's mean cost (along the joint path) to the others
    over the median of those means, and its 99.9th percentile, with per-axis and with shared-scale
    (centred) dx, dy."""
    rest = ["dtheta", "drho", "velocity", "dvelocity", "pressure", "dpressure"]
    for label, names in [("per-axis dx, dy", ["x", "y", "dx", "dy"] + rest),
                         ("shared-scale dx, dy", ["x", "y", "dxCentred", "dyCentred"] + rest)]:
        p_table = path_table(feats, names, [0] * 6 + [1, 1, 2, 2])
        ratios = [[], [], []]
        for u in range(USERS):
            for chosen in itertools.combinations(range(POOL), REFERENCES):
                for kind in range(3):
                    means = p_table[u][np.ix_(chosen, chosen)][..., 1 + kind].sum(1) / (
                        REFERENCES - 1)
                    ratios[kind].append((means / np.median(means)).max())
        print(label, "  ".join(
            f"{kind} max {max(r):.3f} (99.9th percentile {np.percentile(r, 99.9):.3f}, "
            f"{sum(x > 1.8 for x in r)} of {len(r)} over 1.8)"
            for kind, r in zip(["shape", "timing", "pressure"], ratios)))


def enrolment_correlations(feats):
    """What an enrolment says of where a user's scores sit: with the method (shared-scale, centred
    dx, dy; the weight 2^-6 tuned on users 1-10), per user and trial the median fused distance
    of the genuine tests and of the skilled forgeries, their midpoint, and the a-posteriori EER
    threshold; their correlation over the 200 user-trials with figures of the enrolment, and the
    threshold's variance between users (of the users' means) against within them (over trials)."""
    shared = BASE[:2] + ["dxCentred", "dyCentred", "dtheta", "drho"] + BASE[4:]
    s = statistics(table(feats, shared))
    fused = anchored(s) + 2 ** -6 * global_distances(feats)(list(range(10))).sum(-1)
    genuine = np.median(fused[..., :GEN], -1)
    forged = np.median(fused[..., GEN:GEN + SKILLED], -1)
    threshold = np.zeros((USERS, TRIALS))
    for u, t in itertools.product(range(USERS), range(TRIALS)):
        g, f = fused[u, t, :GEN], fused[u, t, GEN:GEN + SKILLED]
        threshold[u, t] = min(np.r_[g, f], key=lambda c: abs((f <= c).mean() - (g > c).mean()))
    lengths = np.log([[np.mean([len(feats[(u + 1, c + 1)][0]["x"]) for c in chosen])
                       for chosen in CHOSEN[u]] for u in range(USERS)])
    figures = {k: s[k][..., 0] for k in ("spread", "cohort", "cohortNearest", "spreadDeviation",
                                         "spreadMin", "spreadMax", "spreadZ")}
    figures |= {"cohort - spread": figures["cohort"] - figures["spread"],
                "cohort / spread": figures["cohort"] / figures["spread"],
                "spreadDeviation / spread": figures["spreadDeviation"] / figures["spread"],
                "log length": lengths}
    for name, x in figures.items():
        r = [np.corrcoef(x.ravel(), y.ravel())[0, 1]
             for y in (genuine, forged, (genuine + forged) / 2, threshold)]
        print(f"{name:26s} r with the genuine median {r[0]:+.2f}, the forgeries' {r[1]:+.2f}, "
              f"their midpoint {r[2]:+.2f}, the EER threshold {r[3]:+.2f}")
    print(f"EER threshold: variance between users {threshold.mean(1).var():.4f}, "
          f"within users {threshold.var(1).mean():.4f}")


def main():
    os.makedirs(CACHE, exist_ok=True)
    if sys.argv[1:] == ["--consistency"]:
        consistency(shared_scale_functions(features()))
        return
    if sys.argv[1:] == ["--cohort-cost"]:
        cohort_cost(shared_scale_functions(features()))
        return
    if sys.argv[1:2] == ["--paired"]:
        paired(shared_scale_functions(features()), sys.argv[2:])
        return
    if sys.argv[1:] == ["--template-correlations"]:
        template_correlations(shared_scale_functions(features()))
        return
    if sys.argv[1:] == ["--template-cost"]:
        template_cost(shared_scale_functions(features()))
        return
    if sys.argv[1:] == ["--synthetic-bound"]:
        synthetic_bound(shared_scale_functions(features()))
        return
    if sys.argv[1:] == ["--synthetic-correlations"]:
        synthetic_correlations(shared_scale_functions(features()))
        return
    if sys.argv[1:] == ["--enrolment-correlations"]:
        enrolment_correlations(shared_scale_functions(features()))
        return
    table_of = variants(shared_scale_functions(features()))
    # An argument that names no variant selects every variant it begins ("sixth:": a round).
    names = [n for a in sys.argv[1:] for n in ([a] if a in table_of else
                                             [n for n in table_of if n.startswith(a)])]
    for name in names or table_of:
        report(name, table_of[name]())


if __name__ == "__main__":
    main()
