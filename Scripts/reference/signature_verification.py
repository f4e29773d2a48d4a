#!/usr/bin/env python3
"""Reference values for InkSignatures' error rates and mean template.

Writes Tests/Fixtures/signatures/error-rates.json: seeded synthetic score sets made by this script
(genuine scores higher than forgery scores on average, with ties, a separable case, a fully
overlapping case, and tiny sets), with what scikit-learn's roc_curve(drop_intermediate=False)
gives for them, as false-accept rate (fpr) and false-reject rate (1 - tpr) a threshold, and the
equal error rate: where the polyline through the points crosses FAR = FRR, interpolated between
the last point with FAR < FRR and the next.

Writes Tests/Fixtures/signatures/mean-template.json: the mean template (issue 11's ninth round) of
seeded synthetic signatures made by this script, a signature being the ten local functions the
matcher compares (each a sum of smooth waves of the writer's own, warped in time and with noise):
the DBA barycentre of the references under the method's joint DTW, computed by the harness's own
`dba` (Scripts/reference/signature_variants.py: started from the medoid, ten iterations), each
reference's distance to the barycentre of the others (leave-one-out) and their mean (the genuine
anchor), the cohort's distances to the barycentre and the nearest (the impostor anchor), and each
questioned signature's distance to the barycentre and its anchored distance. Cases: five
references of similar lengths, references of very different lengths (30 to 120 samples), a
cohort of one, no cohort (anchored at a given typical cohort distance). Nothing is read from
../shared.

Run: python3 Scripts/reference/signature_verification.py   (numpy, numba, scikit-learn)
"""
import json
import math
import os
import sys

import numpy as np
from sklearn.metrics import roc_curve

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Tests", "Fixtures", "signatures")
rng = np.random.default_rng(20261202)


def eer(far, frr):
    gap = far - frr
    k = int(np.argmax(gap >= 0))
    if gap[k] == gap[k - 1]:
        return float(far[k - 1])
    t = -gap[k - 1] / (gap[k] - gap[k - 1])
    return float(far[k - 1] + t * (far[k] - far[k - 1]))


def case(name, genuine, forgeries):
    genuine = [float(x) for x in genuine]
    forgeries = [float(x) for x in forgeries]
    labels = [1] * len(genuine) + [0] * len(forgeries)
    fpr, tpr, thresholds = roc_curve(labels, genuine + forgeries, drop_intermediate=False)
    far, frr = fpr, 1 - tpr
    return {
        "name": name,
        "genuine": genuine,
        "forgeries": forgeries,
        # sklearn's first threshold is inf (or max + 1 in older versions): the point that accepts
        # nothing; the Swift side writes the largest finite number there.
        "thresholds": [None] + [float(t) for t in thresholds[1:]],
        "falseAcceptRates": [float(x) for x in far],
        "falseRejectRates": [float(x) for x in frr],
        "equalErrorRate": eer(far, frr),
    }


cases = [
    case("overlapping normals", rng.normal(1.0, 1.0, 40), rng.normal(0.0, 1.0, 60)),
    case("ties on a grid", np.round(rng.normal(0.7, 0.2, 30), 1), np.round(rng.normal(0.4, 0.2, 50), 1)),
    case("separable", rng.uniform(0.6, 1.0, 10), rng.uniform(0.0, 0.5, 20)),
    case("identical", [0.5] * 5, [0.5] * 7),
    case("reversed", rng.uniform(0.0, 0.4, 10), rng.uniform(0.6, 1.0, 10)),
    case("one each", [0.8], [0.3]),
    case("svc2004 sized", rng.normal(0.8, 0.1, 10), rng.normal(0.55, 0.15, 20)),
]
os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "error-rates.json"), "w") as f:
    json.dump({"cases": cases}, f, indent=1, sort_keys=True)
    f.write("\n")
print("wrote", len(cases), "cases")

# The mean template, with the harness's DBA and DTW.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import signature_variants as sv  # noqa: E402

FUNCTIONS = ["x", "y", "dxShared", "dyShared", "dtheta", "drho", "velocity", "dvelocity",
             "pressure", "dpressure"]
TYPICAL_COHORT = 1.5
template_rng = np.random.default_rng(20261206)


def writer():
    """A writer's signature as waves: per function, three frequencies, amplitudes and phases."""
    return (template_rng.uniform(0.5, 4.0, (len(FUNCTIONS), 3)),
            template_rng.uniform(0.2, 1.0, (len(FUNCTIONS), 3)),
            template_rng.uniform(0, 2 * np.pi, (len(FUNCTIONS), 3)))


def signature(waves, count, noise=0.1):
    """`count` samples of a writer's waves along a random smooth warp of time, with noise,
    rounded to six decimals (the Swift test reads them as they are)."""
    frequency, amplitude, phase = waves
    u = np.linspace(0, 1, count)
    bend = template_rng.uniform(-0.08, 0.08)
    t = u + bend * np.sin(np.pi * u)
    values = (amplitude[:, :, None] * np.sin(2 * np.pi * frequency[:, :, None] * t
                                             + phase[:, :, None])).sum(1)
    values += noise * template_rng.standard_normal(values.shape)
    return np.round(values.T, 6)


def distance(a, b):
    radius = max(1, math.ceil(0.1 * max(len(a), len(b))))
    return float(sv.dtw(a, b, radius) / (len(a) + len(b)))


def template_case(name, lengths, cohort_count, questioned_lengths):
    own = writer()
    references = [signature(own, n) for n in lengths]
    cohort = [signature(writer(), 70) for _ in range(cohort_count)]
    questioned = ([signature(own, n) for n in questioned_lengths[:1]]
                  + [signature(writer(), n) for n in questioned_lengths[1:]])
    barycentre = sv.dba(references)
    loo = [distance(sv.dba(references[:i] + references[i + 1:]), references[i])
           for i in range(len(references))]
    genuine_anchor = float(np.mean(loo))
    to_cohort = [distance(barycentre, c) for c in cohort]
    nearest = min(to_cohort) if to_cohort else None
    impostor = TYPICAL_COHORT if nearest is None else nearest
    to_questioned = [distance(barycentre, q) for q in questioned]

    def columns(series):
        return [[float(v) for v in series[:, k]] for k in range(series.shape[1])]
    return {
        "name": name,
        "references": [columns(r) for r in references],
        "cohort": [columns(c) for c in cohort],
        "questioned": [columns(q) for q in questioned],
        "barycentre": columns(barycentre),
        "leaveOneOutDistances": loo,
        "genuineAnchor": genuine_anchor,
        "cohortDistances": to_cohort,
        "cohortDistance": nearest,
        "questionedDistances": to_questioned,
        "anchored": [(d - genuine_anchor) / (impostor - genuine_anchor) for d in to_questioned],
    }


template_cases = [
    template_case("five references", [64, 70, 58, 73, 67], 4, [66, 61, 70]),
    template_case("very different lengths", [30, 45, 60, 90, 120], 3, [75, 50]),
    template_case("a cohort of one", [52, 49, 57, 55, 60], 1, [54, 58]),
    template_case("no cohort", [40, 44, 38, 47, 42], 0, [43, 45]),
]
with open(os.path.join(OUT, "mean-template.json"), "w") as f:
    json.dump({"functions": FUNCTIONS, "typicalCohortDistance": TYPICAL_COHORT,
               "cases": template_cases}, f, sort_keys=True)
    f.write("\n")
print("wrote", len(template_cases), "mean-template cases")
