#!/usr/bin/env python3
"""Reference values for the InkFormats tests (Tests/Fixtures/formats), computed with Python's own
parsers as the peers:

- decimal-numbers.json: seeded random decimal strings (shortest forms of random doubles and of
  widened float32 values, long mantissas, large and tiny exponents, negative zero) with the bit
  pattern Python's float() gives (David Gay's correctly rounded dtoa.c), for the byte-level
  number parser.
- quickdraw-dev-summary.json: per file of ../shared/datasets/quickdraw-dev, read with Python's
  json module: drawings, strokes, points, the first key_id and the sums of x, y and t, for the
  Quick, Draw! reader. Skipped (and the old file kept) when ../shared is absent.
"""
import json
import os
import random
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "formats")
SHARED = os.environ.get("DUCTUS_SHARED") or os.path.join(ROOT, "..", "shared")
os.makedirs(OUT, exist_ok=True)


def bits(value):
    return struct.unpack("<Q", struct.pack("<d", value))[0]


rng = random.Random(20261129)
texts = ["0", "-0", "-0.0", "0.1", "1e-05", "5e-324", "2.2250738585072011e-308",
         "1.7976931348623157e308", "1e400", "-1e-400", "9007199254740993",
         "123.45600128173828", "0.30000000000000004", "12345678901234567890123"]
for _ in range(400):
    texts.append(repr(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]))
    texts.append(repr(struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]))
    digits = str(rng.randint(1, 9)) + "".join(str(rng.randint(0, 9)) for _ in range(rng.randint(0, 24)))
    point = rng.randint(1, len(digits))
    texts.append(f"{digits[:point]}.{digits[point:]}0e{rng.randint(-330, 310)}")
    texts.append(f"-0.{digits}E-{rng.randint(0, 30)}")
    texts.append(f"{digits}e+{rng.randint(0, 30)}")
numbers = [{"text": t, "bits": str(bits(float(t)))} for t in texts if "nan" not in t and "inf" not in t]
with open(os.path.join(OUT, "decimal-numbers.json"), "w") as f:
    json.dump(numbers, f, indent=0)
    f.write("\n")

folder = os.path.join(SHARED, "datasets", "quickdraw-dev")
if os.path.isdir(folder):
    summary = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".ndjson"):
            continue
        drawings = strokes = points = 0
        sums = [0, 0, 0]
        first = None
        with open(os.path.join(folder, name)) as f:
            for line in f:
                if not line.strip():
                    continue
                record = json.loads(line)
                first = first or record["key_id"]
                drawings += 1
                for stroke in record["drawing"]:
                    strokes += 1
                    points += len(stroke[0])
                    for channel in range(3):
                        sums[channel] += sum(stroke[channel])
        summary[name] = {"drawings": drawings, "strokes": strokes, "points": points,
                         "firstKey": first, "sumX": sums[0], "sumY": sums[1], "sumT": sums[2]}
    with open(os.path.join(OUT, "quickdraw-dev-summary.json"), "w") as f:
        json.dump(summary, f, indent=1, sort_keys=True)
        f.write("\n")
print("wrote", sorted(os.listdir(OUT)))
