#!/usr/bin/env python3
"""The spread check of SignatureEnrollment on SVC2004 Task 2: how far an enrolment's references
are from one another against how far they are from other people, the figure behind
`SignatureEnrollment.spreadLimit`.

Like signature_variants.py (whose features, DTW tables and cache it uses), it reads ../shared (or
DUCTUS_SHARED): datasets/svc2004-task2-dev, users 1-20, with the method's local functions (x, y,
the shared-scale centred dx, dy, dtheta, drho, velocity, dvelocity, pressure, dpressure) and the
joint DTW distance over n + m within a band of 10%.

An enrolment's ratio is its spread, the references' mean joint distance to one another (the
mean of `SignatureReferenceStatistics.jointSpread`), over its cohort distance, the references'
mean joint distance to S2 of every other user of the same half (users 1-10 or 11-20) who gave no
reference; over `SignatureFusion.typicalCohortDistance` (1.67189), which a template enrolled
without a cohort takes; and over the larger of the two, which SignatureEnrollment checks (a small
store's cohort may hold the same writer under another id, whose closeness would refuse them). Enrolments, in each half of the users:
  genuine      every five of S1-S10 of each user (2,520 a half);
  genuine, 2   every two of S1-S10 of each user (450 a half): `--min-references 2`;
  five people  S1 of every five users of the half (252);
  3 + 2        every three of S1-S10 of a user with S1 of every two other users (43,200).
The limit is chosen on users 1-10 (the largest genuine ratio with a margin, rounded up); users
11-20, held out, say how many genuine enrolments it would refuse and how many mixed it catches.

Run: python3 Scripts/reference/signature_enrolment_spread.py   (numpy, numba; the DTW tables are
computed on the first run of signature_variants.py's cache, a few minutes, then read back)
"""
import itertools
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import signature_variants as sv  # noqa: E402

NAMES = ["x", "y", "dxCentred", "dyCentred", "dtheta", "drho", "velocity", "dvelocity",
         "pressure", "dpressure"]
TYPICAL_COHORT = 1.67189
MARGIN = 1.15


def distance_function(t):
    """The joint distance between (user, signature) pairs, each of S1-S10 of its user or S1, S2
    of another, from signature_variants' table T[u, r, c] (S(r+1) of user u+1 to columns(u+1))."""
    index = {u: {key: c for c, key in enumerate(sv.columns(u))} for u in range(1, sv.USERS + 1)}

    def d(a, b):
        if a[1] > sv.POOL or (a[0] != b[0] and b[1] > 2):
            a, b = b, a
        return t[a[0] - 1, a[1] - 1, index[a[0]][b]]
    return d


def ratios(d, enrolment, users):
    """(spread / cohort distance, spread / typical cohort distance, spread / the larger of the
    two: what SignatureEnrollment checks) of the references
    `enrolment`, the cohort S2 of every user of `users` who gave none of them."""
    spread = np.mean([d(a, b) for a, b in itertools.permutations(enrolment, 2)])
    own = {u for u, _ in enrolment}
    cohort = np.mean([d(a, (w, 2)) for a in enrolment for w in users if w not in own])
    return spread / cohort, spread / TYPICAL_COHORT, spread / max(cohort, TYPICAL_COHORT)


def enrolments(users):
    """Each kind's enrolments among `users`."""
    out = {"genuine": [], "genuine, 2": [], "five people": [], "3 + 2": []}
    for u in users:
        for k, kind in ((5, "genuine"), (2, "genuine, 2")):
            out[kind] += [[(u, s + 1) for s in c] for c in itertools.combinations(range(10), k)]
        others = [v for v in users if v != u]
        for c in itertools.combinations(range(10), 3):
            out["3 + 2"] += [[(u, s + 1) for s in c] + [(v, 1), (w, 1)]
                             for v, w in itertools.combinations(others, 2)]
    out["five people"] = [[(u, 1) for u in c] for c in itertools.combinations(users, 5)]
    return out


def main():
    os.makedirs(sv.CACHE, exist_ok=True)
    d = distance_function(sv.table(sv.shared_scale_functions(sv.features()), NAMES))
    halves = {"tuning users 1-10": range(1, 11), "held-out users 11-20": range(11, 21)}
    figures = {label: {kind: np.array([ratios(d, e, list(users)) for e in found])
                       for kind, found in enrolments(users).items()}
               for label, users in halves.items()}
    tuning = figures["tuning users 1-10"]["genuine"]
    worst = tuning.max(0)
    limit = np.ceil(max(worst) * MARGIN * 20) / 20
    print(f"users 1-10, genuine (five of S1-S10): the largest ratio {worst[0]:.3f} against the "
          f"cohort, {worst[1]:.3f} against the typical cohort distance; the limit "
          f"{MARGIN:g} x {max(worst):.3f}, rounded up to 0.05: {limit:.2f}")
    for label, kinds in figures.items():
        for kind, r in kinds.items():
            refused = ", ".join(
                f"{against}: {(r[:, k] > limit).sum()} of {len(r)} refused "
                f"(ratio median {np.median(r[:, k]):.3f}, min {r[:, k].min():.3f}, "
                f"max {r[:, k].max():.3f})"
                for k, against in enumerate(["cohort", "typical", "larger (checked)"]))
            print(f"{label}, {kind}: {refused}")


if __name__ == "__main__":
    main()
