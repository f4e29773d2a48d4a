#!/usr/bin/env python3
"""Reference values for InkSignatures' error rates: ROC/DET points and equal error rates.

Writes Tests/Fixtures/signatures/error-rates.json: seeded synthetic score sets made by this script
(genuine scores higher than forgery scores on average, with ties, a separable case, a fully
overlapping case, and tiny sets), with what scikit-learn's roc_curve(drop_intermediate=False)
gives for them, as false-accept rate (fpr) and false-reject rate (1 - tpr) a threshold, and the
equal error rate: where the polyline through the points crosses FAR = FRR, interpolated between
the last point with FAR < FRR and the next. Nothing is read from ../shared.

Run: python3 Scripts/reference/signature_verification.py   (numpy, scikit-learn)
"""
import json
import os

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
