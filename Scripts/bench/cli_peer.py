#!/usr/bin/env python3
"""The peer of `ductus inspect --format ndjson` on Quick, Draw! raw NDJSON: the same facts
(strokes, points, bounds of the points, duration) computed with Python's json module, one
record a line, written as NDJSON. Usage: cli_peer.py CORPUS > out.ndjson"""
import json
import sys


def main(path):
    out = sys.stdout
    with open(path, "rb") as corpus:
        for line in corpus:
            if not line.strip():
                continue
            record = json.loads(line)
            strokes = record["drawing"]
            xs = [x for stroke in strokes for x in stroke[0]]
            ys = [y for stroke in strokes for y in stroke[1]]
            ts = [t for stroke in strokes for t in stroke[2]]
            summary = {
                "file": path,
                "key": record["key_id"],
                "label": record["word"],
                "strokes": len(strokes),
                "points": len(xs),
                "bounds": {"x": min(xs), "y": min(ys), "width": max(xs) - min(xs),
                           "height": max(ys) - min(ys)} if xs else None,
                "duration": (max(ts) - min(ts)) / 1000 if ts else 0,
            }
            out.write(json.dumps(summary, sort_keys=True))
            out.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
