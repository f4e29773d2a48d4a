"""The peer side of Scripts/bench/render.sh: matplotlib (Agg) draws the same Quick, Draw!
drawings as Ductus (same framing: bounds widened by 1.5 points of ink and a 4-pixel margin,
scale 1, white, 3-pixel round-capped black lines) to PNG bytes, on one thread, and prints one
JSON line like the Swift side. Matplotlib joins the raw points with straight lines where Ductus
samples the B-spline through them every pixel and paints variable-width ink, so Ductus does
more work per drawing."""
import io
import json
import sys
import time

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

drawings = []
for path in sys.argv[1:]:
    with open(path) as handle:
        for line in handle:
            drawings.append(json.loads(line)["drawing"])

dpi = 100
count = 0
size = 0
start = time.perf_counter()
for strokes in drawings:
    xs = [x for stroke in strokes for x in stroke[0]]
    ys = [y for stroke in strokes for y in stroke[1]]
    left, right = min(xs) - 1.5 - 4, max(xs) + 1.5 + 4
    top, bottom = min(ys) - 1.5 - 4, max(ys) + 1.5 + 4
    figure = plt.figure(figsize=((right - left) / dpi, (bottom - top) / dpi), dpi=dpi)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_axis_off()
    axes.set_xlim(left, right)
    axes.set_ylim(bottom, top)
    for stroke in strokes:
        axes.plot(stroke[0], stroke[1], color="black", linewidth=3 * 72 / dpi,
                  solid_capstyle="round", solid_joinstyle="round")
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, facecolor="white")
    plt.close(figure)
    size += buffer.tell()
    count += 1
seconds = time.perf_counter() - start
print(json.dumps({"drawings": count, "seconds": seconds, "bytes": size}))
