#!/usr/bin/env python3
"""The peer of Scripts/bench/importers.sh: reads the same data sets with the usual Python tools
(ElementTree for the $1 XML, numpy.loadtxt for SVC2004, svg.path for KanjiVG's path data,
plain line parsing for UNIPEN and Hershey, as the published loaders of these sets do), builds
the same records (strokes as numpy arrays of x, y, t), and prints the best of three timings with
the counts, in the format of the Swift harness.

    python3 Scripts/bench/importers_peer.py DATASETS_FOLDER [HERSHEY_FOLDER]
"""
import glob
import math
import os
import sys
import time
import xml.etree.ElementTree as ET

import numpy as np
from svg.path import parse_path


def unipen(root):
    records = []
    include_root = os.path.join(root, "include")

    def read(path, state):
        block = None
        for line in open(path, encoding="latin-1"):
            if line.startswith("."):
                parts = line[1:].split(None, 1)
                keyword = parts[0] if parts else ""
                argument = parts[1].strip() if len(parts) > 1 else ""
                block = keyword
                if keyword == "PEN_DOWN":
                    state["components"].append([])
                elif keyword == "INCLUDE":
                    read(os.path.join(include_root, argument), state)
                elif keyword == "SEGMENT":
                    state["segments"].append(argument)
                elif keyword in ("Y_DIM", "POINTS_PER_SECOND"):
                    state[keyword] = float(argument)
            elif block == "PEN_DOWN" and line.strip():
                x, y = line.split()[:2]
                state["components"][-1].append((float(x), float(y)))

    for path in sorted(glob.glob(os.path.join(root, "data", "**", "*.dat"), recursive=True)):
        state = {"components": [], "segments": []}
        read(path, state)
        rate = state.get("POINTS_PER_SECOND", 100.0)
        ydim = state.get("Y_DIM", 0.0)
        for segment in state["segments"]:
            _, delineation, _, label = segment.split(None, 3)
            strokes = []
            for item in delineation.split(","):
                ends = item.split("-")
                for c in range(int(ends[0]), int(ends[-1]) + 1):
                    a = np.array(state["components"][c])
                    strokes.append(np.column_stack([a[:, 0], ydim - a[:, 1], np.arange(len(a)) / rate]))
            records.append((label.strip('"'), strokes))
    return records


def dollar(root):
    records = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.xml"), recursive=True)):
        gesture = ET.parse(path).getroot()
        points = np.array([[float(p.get("X")), float(p.get("Y")), float(p.get("T"))] for p in gesture.iter("Point")])
        points[:, 2] = (points[:, 2] - points[0, 2]) / 1000
        records.append((gesture.get("Name").rstrip("0123456789"), [points]))
    return records


def svc2004(root):
    records = []
    for path in sorted(glob.glob(os.path.join(root, "*.TXT"))):
        rows = np.loadtxt(path, skiprows=1, ndmin=2)
        starts = list(np.flatnonzero(rows[:, 3] == 0)) + [len(rows)]
        if starts[0] != 0:
            starts.insert(0, 0)
        strokes = [rows[a:b] for a, b in zip(starts, starts[1:]) if b > a]
        records.append((os.path.basename(path), strokes))
    return records


def kanjivg(root):
    records = []
    for path in sorted(glob.glob(os.path.join(root, "*.svg"))):
        tree = ET.parse(path).getroot()
        strokes = []
        for element in tree.iter("{http://www.w3.org/2000/svg}path"):
            geometry = parse_path(element.get("d"))
            length = geometry.length(error=1e-4)
            steps = max(1, round(length))
            points = [geometry.point(k / steps, error=1e-4) for k in range(steps + 1)]
            strokes.append(np.array([[p.real, p.imag] for p in points]))
        records.append((path, strokes))
    return records


def hershey(root):
    records = []
    for path in sorted(glob.glob(os.path.join(root, "*.jhf"))):
        for line in open(path, "rb").read().split(b"\n"):
            if not line:
                continue
            body = line[10:]
            strokes, current = [], []
            for i in range(0, len(body), 2):
                if body[i:i + 2] == b" R":
                    if current:
                        strokes.append(current)
                    current = []
                else:
                    current.append((body[i] - 82, body[i + 1] - 82))
            if current:
                strokes.append(current)
            dense = []
            for stroke in strokes:
                points = [stroke[0]]
                for (x0, y0), (x1, y1) in zip(stroke, stroke[1:]):
                    pieces = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0)))
                    points += [(x0 + (x1 - x0) * k / pieces, y0 + (y1 - y0) * k / pieces) for k in range(1, pieces + 1)]
                dense.append(np.array(points))
            records.append((path, dense))
    return records


def size(root):
    return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(root) for f in files)


def measure(name, root, reader):
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        records = reader(root)
        best = min(best, time.perf_counter() - start)
    strokes = sum(len(r[1]) for r in records)
    points = sum(len(s) for r in records for s in r[1])
    print(f"peer: {name} records {len(records)} strokes {strokes} points {points} seconds {best:.4f}"
          f" = {size(root) / 1e6 / best:.1f} MB/s, {len(records) / best:.0f} records/s", flush=True)


def main():
    sets = sys.argv[1]
    measure("unipen", os.path.join(sets, "unipen-apa"), unipen)
    measure("dollar", os.path.join(sets, "dollar-unistroke"), dollar)
    measure("svc2004", os.path.join(sets, "svc2004-task2-dev"), svc2004)
    measure("kanjivg", os.path.join(sets, "kanjivg-sample"), kanjivg)
    hershey_root = sys.argv[2] if len(sys.argv) > 2 else "/usr/share/hershey-fonts"
    if os.path.isdir(hershey_root):
        measure("hershey", hershey_root, hershey)


if __name__ == "__main__":
    main()
