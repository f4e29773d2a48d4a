#!/usr/bin/env python3
"""Reference geometry of SVG path data from svg.path (Lennart Regebro's parser, the established
Python peer), for the Swift SVGPathData tests (Tests/Fixtures/svgpath/reference.json).

For each hand-written path: the total length (svg.path's own numeric arc length), the end point
of every subpath, and 65 points along each segment at equal parameter steps, which the Swift
polyline must pass within a small distance of.  pip install svg.path (7.x).
"""
import json
import os

from svg.path import Move, parse_path

CASES = [
    "M11,54.25c3.5,0.5,6.25,0.75,9.75,0.5c20.5-1.5,50.25-5.25,68.5-5.25",
    "M10 10 L 20 20 h 5 v -5 H 0 V 0 z",
    "m1.5-2.3.5.5l.5.5-1e1 2E-1",
    "M0,0 C 10,20 30,20 40,0 S 70,-20 80,0 s 30,20 40,0",
    "M0 0 Q 10 20 20 0 T 40 0 t 20 0",
    "M0,0 A10,10 0 0 1 20,0 a 5 10 30 1 0 10 10",
    "M0 0 A1 1 0 0 1 20 0",
    "M0,0 L10,0 M20,0 l0,10 z m5,5 l1,1",
    "M5 5 a10 10 0 1110 0",
    "M0 0 c 1 2 3 4 5 6 7 8 9 10 11 12",
]


def subpaths(path):
    groups = []
    for segment in path:
        if isinstance(segment, Move):
            groups.append([])
        else:
            groups[-1].append(segment)
    return groups


def main():
    out_dir = os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "svgpath")
    os.makedirs(out_dir, exist_ok=True)
    cases = []
    for d in CASES:
        path = parse_path(d)
        groups = subpaths(path)
        samples = []
        ends = []
        for group in groups:
            points = []
            for segment in group:
                for k in range(65):
                    p = segment.point(k / 64)
                    points.append([p.real, p.imag])
            samples.append(points)
            end = group[-1].end if group else None
            ends.append([end.real, end.imag] if end is not None else None)
        length = sum(segment.length(error=1e-12) for segment in path if not isinstance(segment, Move))
        cases.append({"d": d, "length": length, "subpathEnds": ends, "samples": samples})
    with open(os.path.join(out_dir, "reference.json"), "w") as f:
        json.dump({"peer": "svg.path 7", "cases": cases}, f)
    print("wrote", len(cases), "cases")


if __name__ == "__main__":
    main()
