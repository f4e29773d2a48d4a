#!/usr/bin/env python3
"""Reference values for InkMath's LinearSumAssignment: SciPy's linear_sum_assignment on seeded
random cost matrices (square, wide, tall, negative, integer-valued with ties).
Writes Tests/Fixtures/assignment/cases.json."""
import json
import os

import numpy as np
from scipy.optimize import linear_sum_assignment

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "assignment")
rng = np.random.default_rng(42)
cases = []
for rows, cols, kind in [(1, 1, "real"), (3, 3, "real"), (5, 8, "real"), (8, 5, "real"), (20, 20, "real"),
                         (30, 12, "negative"), (12, 12, "integer"), (40, 60, "integer"), (64, 64, "real")]:
    if kind == "integer":
        cost = rng.integers(0, 6, size=(rows, cols)).astype(float)
    elif kind == "negative":
        cost = rng.normal(0, 10, size=(rows, cols))
    else:
        cost = rng.uniform(0, 100, size=(rows, cols))
    r, c = linear_sum_assignment(cost)
    cases.append({"rows": rows, "columns": cols, "kind": kind, "costs": cost.ravel().tolist(),
                  "assignedRows": r.tolist(), "assignedColumns": c.tolist(),
                  "total": float(cost[r, c].sum())})
os.makedirs(OUT, exist_ok=True)
with open(os.path.join(OUT, "cases.json"), "w") as f:
    json.dump(cases, f)
print(len(cases), "cases")
