"""Writes a generated corpus of Quick, Draw!-format drawings (raw: x, y and t a stroke), for
throughput runs at scale: `python3 Scripts/scale/make-corpus.py -n 10000000 -o big.ndjson`.

Six kinds of drawing (circle, square, triangle, line, zigzag, spiral), one to three strokes of
12–60 points each, drawn at a random size, place and speed with hand-like jitter; keys are
`g<seed>-<index>` and `word` is the kind, so the corpus is labelled. The same `--seed` gives the
same bytes. About 720 bytes a drawing. With `--unique U`, the first U drawings are drawn and
then repeated in turn under new keys (drawing `i` is drawing `i mod U`), which writes ten million
drawings in a few minutes instead of the best part of an hour.
"""

import argparse
import os
import sys

import numpy as np

KINDS = ["circle", "square", "triangle", "line", "zigzag", "spiral"]


def outline(kind: str, t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Points of a unit-size figure at parameters t in [0, 1]."""
    if kind == "circle":
        return np.cos(2 * np.pi * t), np.sin(2 * np.pi * t)
    if kind == "spiral":
        r = 0.2 + 0.8 * t
        return r * np.cos(5 * np.pi * t), r * np.sin(5 * np.pi * t)
    if kind == "line":
        return 2 * t - 1, 0.3 * (2 * t - 1)
    if kind == "zigzag":
        return 2 * t - 1, 0.5 * np.abs((4 * t) % 2 - 1)
    corners = {"square": [(-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1)],
               "triangle": [(0, 1), (1, -1), (-1, -1), (0, 1)]}[kind]
    corners = np.array(corners, dtype=float)
    s = t * (len(corners) - 1)
    i = np.minimum(s.astype(int), len(corners) - 2)
    f = (s - i)[:, None]
    p = corners[i] * (1 - f) + corners[i + 1] * f
    return p[:, 0], p[:, 1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, required=True, help="drawings")
    parser.add_argument("-o", "--output", default="-", help="the NDJSON file ('-': stdout)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--unique", type=int, help="draw this many, then repeat them, re-keyed")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    out = sys.stdout if args.output == "-" else open(args.output + ".partial", "w")
    chunk = 10000
    unique = args.n
    if args.unique:
        unique = min(args.n, max(chunk, args.unique - args.unique % chunk))
    drawn = []
    for start in range(0, args.n, chunk):
        end = min(args.n, start + chunk)
        if start >= unique:
            block = drawn[(start % unique) // chunk][: end - start]
            old, new = '"key_id":"g%d-' % args.seed, '"key_id":"g%dr%d-' % (args.seed, start // unique)
            out.write("".join(line.replace(old, new, 1) for line in block))
            continue
        lines = []
        for index in range(start, end):
            kind = KINDS[int(rng.integers(len(KINDS)))]
            size, cx, cy = rng.uniform(40, 120), rng.uniform(130, 125 + 130), rng.uniform(130, 255)
            pieces = int(rng.integers(1, 4)) if kind in ("square", "triangle") else 1
            clock = int(rng.integers(0, 500))
            strokes = []
            for piece in range(pieces):
                count = int(rng.integers(12, 61))
                t = np.linspace(piece / pieces, (piece + 1) / pieces, count)
                x, y = outline(kind, t)
                x = np.rint(cx + size * x + rng.normal(0, 1.5, count)).astype(int)
                y = np.rint(cy + size * y + rng.normal(0, 1.5, count)).astype(int)
                steps = np.maximum(1, rng.normal(16, 4, count)).astype(int)
                steps[0] = 0
                times = clock + np.cumsum(steps)
                clock = int(times[-1]) + int(rng.integers(80, 400))
                strokes.append("[[%s],[%s],[%s]]" % (
                    ",".join(map(str, x)), ",".join(map(str, y)), ",".join(map(str, times))))
            lines.append('{"word":"%s","countrycode":"ZZ","timestamp":"2017-01-01 00:00:00 UTC",'
                         '"recognized":true,"key_id":"g%d-%d","drawing":[%s]}\n'
                         % (kind, args.seed, index, ",".join(strokes)))
        if unique < args.n:
            drawn.append(lines)
        out.write("".join(lines))
    if out is not sys.stdout:
        out.close()
        os.replace(args.output + ".partial", args.output)


if __name__ == "__main__":
    main()
