#!/usr/bin/env python3
"""The PyPI $-family packages timed per template comparison, for Scripts/bench/gestures.sh.

dollarpy 0.1.1 ($P) and dollar-one-recognizer-py 1.0.0 ($1): 16 templates (the first of each
gesture of s02 medium in the $1 logs) and 48 candidates (the first three of each gesture of s07
medium), templates prepared once outside the timing (dollarpy's own `recognize` normalises every
template at every call, which is not timed here), each candidate normalised and compared with
every template. Prints the microseconds a comparison of each, tab-separated.

Run: python3 Scripts/bench/gestures_peer.py LOGS   (LOGS: ../shared/datasets/dollar-unistroke)
"""
import os
import sys
import time
import xml.etree.ElementTree as ET

import dollarpy
from dollar_one_recognizer_py import dollar_one_recognizer

GESTURES = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace",
            "left_sq_bracket", "pigtail", "question_mark", "rectangle", "right_curly_brace",
            "right_sq_bracket", "star", "triangle", "v", "x"]


def read(path):
    with open(path, encoding="utf-8-sig") as f:
        root = ET.fromstring(f.read())
    return [(float(p.get("X")), float(p.get("Y"))) for p in root.iter("Point")]


def main():
    logs = sys.argv[1]
    templates = [read(os.path.join(logs, "s02/medium", f"{g}01.xml")) for g in GESTURES]
    candidates = [read(os.path.join(logs, "s07/medium", f"{g}{n:02d}.xml"))
                  for g in GESTURES for n in (1, 2, 3)]
    comparisons = len(templates) * len(candidates)

    p = dollarpy.Recognizer([])
    clouds = [p._normalize([dollarpy.Point(x, y, 1) for x, y in t], 32) for t in templates]
    start = time.perf_counter()
    for c in candidates:
        cloud = p._normalize([dollarpy.Point(x, y, 1) for x, y in c], 32)
        for t in clouds:
            p._greedy_cloud_match(cloud, t, 32)
    peer_p = (time.perf_counter() - start) * 1e6 / comparisons

    one = dollar_one_recognizer(size=250, templates=[], templates_name=[], n=64)
    prepared = [one._normalize(t) for t in templates]
    start = time.perf_counter()
    for c in candidates:
        points = one._normalize(c)
        for t in prepared:
            one._distance_at_best_angle(points, t, -45, 45, 2)
    peer_1 = (time.perf_counter() - start) * 1e6 / comparisons
    print(f"{peer_p:.2f}\t{peer_1:.2f}")


if __name__ == "__main__":
    main()
