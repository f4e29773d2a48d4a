#!/usr/bin/env python3
"""Reference scores of the $1 and $P gesture recognizers for a few gestures of the $1 logs.

Writes Tests/Fixtures/gestures/dollar-logs.json: which logs were used (their paths below
../shared/datasets/dollar-unistroke, read by the tests from there; no point of them is stored),
and for each candidate its score against every template, as computed here by

- a direct transcription into Python of the published JavaScript pseudocode: dollar.js ($1,
  Wobbrock, Wilson and Li, UIST 2007: Resample to 64, RotateBy(-IndicativeAngle), ScaleTo 250,
  TranslateTo origin, DistanceAtBestAngle by golden-section search within +-45 deg to 2 deg,
  score 1 - d / (0.5 sqrt(2 * 250^2))) and pdollar.js ($P, Vatavu, Anthony and Wobbrock,
  ICMI 2012: Resample to 32 within strokes, Scale to the unit box, TranslateTo origin,
  GreedyCloudMatch with epsilon 0.5, score max((2 - d) / 2, 0) as the 2012 code gives it).
  These are the expected values (`dollar1`, `dollarP`);
- the PyPI packages, as a check of the transcription: `dollarpy` 0.1.1 ($P; its score is the
  same formula) and `dollar-one-recognizer-py` 1.0.0 ($1, computed in degrees with NumPy). Their
  values are stored beside (`dollar1Package`, `dollarPPackage`) with the largest difference.

Run: python3 Scripts/reference/gestures.py   (dollarpy==0.1.1, dollar-one-recognizer-py==1.0.0,
numpy; DUCTUS_SHARED names the shared folder, ../shared by default)
"""
import json
import math
import os
import xml.etree.ElementTree as ET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.environ.get("DUCTUS_SHARED", os.path.join(ROOT, "..", "shared"))
LOGS = os.path.join(SHARED, "datasets", "dollar-unistroke")
GESTURES = ["arrow", "caret", "check", "circle", "delete_mark", "left_curly_brace",
            "left_sq_bracket", "pigtail", "question_mark", "rectangle", "right_curly_brace",
            "right_sq_bracket", "star", "triangle", "v", "x"]
TEMPLATES = [f"s02/medium/{g}01.xml" for g in GESTURES]
CANDIDATES = ["s03/medium/arrow01.xml", "s03/fast/caret02.xml", "s04/slow/check03.xml",
              "s05/medium/circle04.xml", "s06/fast/star05.xml", "s07/slow/triangle06.xml",
              "s08/medium/v07.xml", "s09/fast/question_mark08.xml",
              "s10/slow/left_curly_brace09.xml", "s11/medium/x10.xml"]


def read(path):
    with open(os.path.join(LOGS, path), encoding="utf-8-sig") as f:
        root = ET.fromstring(f.read())
    return [(float(p.get("X")), float(p.get("Y"))) for p in root.iter("Point")]


# --- dollar.js and pdollar.js, transcribed (points are (x, y, stroke)) ---

def distance(a, b):
    return math.sqrt((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2)


def path_length(points):
    return sum(distance(points[i - 1], points[i]) for i in range(1, len(points))
               if points[i][2] == points[i - 1][2])


def resample(points, n):
    points = list(points)
    interval = path_length(points) / (n - 1)
    travelled = 0.0
    new = [points[0]]
    i = 1
    while i < len(points):
        if points[i][2] == points[i - 1][2]:
            d = distance(points[i - 1], points[i])
            if travelled + d >= interval:
                t = (interval - travelled) / d
                q = (points[i - 1][0] + t * (points[i][0] - points[i - 1][0]),
                     points[i - 1][1] + t * (points[i][1] - points[i - 1][1]), points[i][2])
                new.append(q)
                points.insert(i, q)
                travelled = 0.0
            else:
                travelled += d
        i += 1
    if len(new) == n - 1:
        new.append(points[-1])
    assert len(new) == n, len(new)
    return new


def centroid(points):
    x = sum(p[0] for p in points) / len(points)
    y = sum(p[1] for p in points) / len(points)
    return x, y


def rotate_by(points, radians):
    cx, cy = centroid(points)
    c, s = math.cos(radians), math.sin(radians)
    return [((p[0] - cx) * c - (p[1] - cy) * s + cx, (p[0] - cx) * s + (p[1] - cy) * c + cy, p[2])
            for p in points]


def translate_to_origin(points):
    cx, cy = centroid(points)
    return [(p[0] + 0 - cx, p[1] + 0 - cy, p[2]) for p in points]


def dollar1_normalize(raw):
    points = resample([(x, y, 0) for x, y in raw], 64)
    cx, cy = centroid(points)
    points = rotate_by(points, -math.atan2(cy - points[0][1], cx - points[0][0]))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    points = [(p[0] * (250 / w), p[1] * (250 / h), p[2]) for p in points]
    return translate_to_origin(points)


def path_distance(a, b):
    return sum(distance(a[i], b[i]) for i in range(len(a))) / len(a)


def distance_at_best_angle(points, template, a, b, threshold):
    phi = 0.5 * (-1.0 + math.sqrt(5.0))
    x1 = phi * a + (1.0 - phi) * b
    f1 = path_distance(rotate_by(points, x1), template)
    x2 = (1.0 - phi) * a + phi * b
    f2 = path_distance(rotate_by(points, x2), template)
    while abs(b - a) > threshold:
        if f1 < f2:
            b, x2, f2 = x2, x1, f1
            x1 = phi * a + (1.0 - phi) * b
            f1 = path_distance(rotate_by(points, x1), template)
        else:
            a, x1, f1 = x1, x2, f2
            x2 = (1.0 - phi) * a + phi * b
            f2 = path_distance(rotate_by(points, x2), template)
    return min(f1, f2)


def dollar1_score(candidate, template):
    d = distance_at_best_angle(candidate, template, -45.0 * math.pi / 180.0,
                               45.0 * math.pi / 180.0, 2.0 * math.pi / 180.0)
    return 1.0 - d / (0.5 * math.sqrt(250.0 * 250.0 + 250.0 * 250.0))


def dollarp_normalize(raw):
    points = resample([(x, y, 0) for x, y in raw], 32)
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    size = max(max(xs) - min(xs), max(ys) - min(ys))
    points = [((p[0] - min(xs)) / size, (p[1] - min(ys)) / size, p[2]) for p in points]
    return translate_to_origin(points)


def cloud_distance(a, b, start):
    n = len(a)
    matched = [False] * n
    total = 0.0
    i = start
    while True:
        index, nearest = -1, math.inf
        for j in range(n):
            if not matched[j]:
                d = distance(a[i], b[j])
                if d < nearest:
                    nearest, index = d, j
        matched[index] = True
        weight = 1 - ((i - start + n) % n) / n
        total += weight * nearest
        i = (i + 1) % n
        if i == start:
            return total


def dollarp_score(candidate, template):
    n = len(candidate)
    step = math.floor(n ** (1.0 - 0.5))
    best = math.inf
    for i in range(0, n, step):
        best = min(best, cloud_distance(candidate, template, i), cloud_distance(template, candidate, i))
    return max((2.0 - best) / 2.0, 0.0)


# --- the PyPI packages ---

def package_scores(templates, candidates):
    import dollarpy
    from dollar_one_recognizer_py import dollar_one_recognizer

    one = dollar_one_recognizer(size=250, templates=[], templates_name=[], n=64)
    one_templates = [one._normalize(templates[k]) for k in TEMPLATES]
    recognizer = dollarpy.Recognizer([])
    p_templates = [recognizer._normalize([dollarpy.Point(x, y, 1) for x, y in templates[k]], 32)
                   for k in TEMPLATES]
    result = {}
    for key in CANDIDATES:
        points = one._normalize(candidates[key])
        cloud = recognizer._normalize([dollarp_point for dollarp_point in
                                       (dollarpy.Point(x, y, 1) for x, y in candidates[key])], 32)
        result[key] = {
            "dollar1Package": [1 - one._distance_at_best_angle(points, t, -45, 45, 2)
                               / (0.5 * (250 ** 2 + 250 ** 2) ** 0.5) for t in one_templates],
            "dollarPPackage": [max((2 - recognizer._greedy_cloud_match(cloud, t, 32)) / 2, 0)
                               for t in p_templates],
        }
    return result


def main():
    templates = {k: read(k) for k in TEMPLATES}
    candidates = {k: read(k) for k in CANDIDATES}
    one = {k: dollar1_normalize(v) for k, v in templates.items()}
    clouds = {k: dollarp_normalize(v) for k, v in templates.items()}
    packages = package_scores(templates, candidates)
    cases = []
    worst = {"dollar1": 0.0, "dollarP": 0.0}
    for key in CANDIDATES:
        c1 = dollar1_normalize(candidates[key])
        cp = dollarp_normalize(candidates[key])
        case = {
            "candidate": key,
            "dollar1": [dollar1_score(c1, one[t]) for t in TEMPLATES],
            "dollarP": [dollarp_score(cp, clouds[t]) for t in TEMPLATES],
        }
        case.update(packages[key])
        for name in worst:
            worst[name] = max(worst[name], max(abs(a - b) for a, b in
                                               zip(case[name], case[name + "Package"])))
        cases.append(case)
    fixture = {
        "provenance": "Scripts/reference/gestures.py: the $1 gesture logs (Wobbrock, Wilson, Li, "
        "UIST 2007; New BSD) read from ../shared/datasets/dollar-unistroke by the test, never "
        "copied; scores from a transcription of dollar.js and pdollar.js (2012), checked against "
        "the PyPI packages dollar-one-recognizer-py 1.0.0 and dollarpy 0.1.1",
        "templates": TEMPLATES,
        "labels": GESTURES,
        "largestPackageDifference": worst,
        "cases": cases,
    }
    out = os.path.join(ROOT, "Tests", "Fixtures", "gestures", "dollar-logs.json")
    with open(out, "w") as f:
        json.dump(fixture, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"wrote {out}; largest difference from the packages: {worst}")


if __name__ == "__main__":
    main()
