#!/usr/bin/env python3
"""Reference fixtures for the PencilKit channel layouts (Tests/Fixtures/pkdrawing-layouts), written
from the format description alone (Sources/OpenPencilKit/OpenPencilKit.docc/PencilKitBinaryFormat.md)
and sharing no code with OpenPencilKit: protocol-buffer bytes are written and walked by hand here.

- layout-*.pkdrawing: seeded synthetic drawings for the nine-, ten- and eleven-channel layouts
  (channel unions 0x1FF, 0x3FF, 0x7FF), each stroke a different split of the channels between the
  per-point records and the constant block (the splits real iPads wrote, the extremes and seeded
  random ones), and drawings with channels above bit 10 that a later PencilKit might write: some
  whose sizes the record stride or the constant block tell unambiguously (they decode, the unknown
  bytes skipped), some whose sizes nothing tells (they must be refused, naming the mask field's
  byte offset and the bits).
- real/*.b64: drawings that iPad apps committed to public repositories, as base64 text under
  comment lines giving their provenance (see PROVENANCE.md). This script only reads them.
- *.expected.json beside each: what a reader must give, point for point (x, y, t, w, h, force,
  azimuth, altitude, opacity, secondaryScale as float64, columnar), or the error it must raise.
  The real drawings are decoded by the walker below.

    Scripts/reference/pkdrawing_layouts.py          writes every fixture and expectation
    Scripts/reference/pkdrawing_layouts.py --dump FILE...   prints the masks and first points
"""
import base64
import json
import math
import os
import random
import struct
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
OUT = os.path.join(ROOT, "Tests", "Fixtures", "pkdrawing-layouts")

# bit: (name, struct format). Ascending bit order is the order inside a record and a block.
CHANNELS = {
    0: ("location", "<ff"), 1: ("timeOffset", "<f"), 2: ("width", "<f"), 3: ("aspect", "<H"),
    4: ("edgeWidth", "<H"), 5: ("force", "<H"), 6: ("azimuth", "<H"), 7: ("altitude", "<H"),
    8: ("opacity", "<H"), 9: ("secondaryWidth", "<f"), 10: ("unknown10", "<H"),
}
LAYOUTS = {"nineChannel": 0x1FF, "tenChannel": 0x3FF, "current": 0x7FF}
KNOWN = 0x7FF


def size(bit):
    return struct.calcsize(CHANNELS[bit][1])


def bits_of(mask):
    return [b for b in range(64) if mask >> b & 1]


# --- protocol-buffer wire format, by hand ---------------------------------------------------

def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def tag(number, wire):
    return varint(number << 3 | wire)


def f_varint(number, value):
    return tag(number, 0) + varint(value)


def f_bytes(number, payload):
    return tag(number, 2) + varint(len(payload)) + payload


def f_double(number, value):
    return tag(number, 1) + struct.pack("<d", value)


def f_floats(number, values):
    return f_bytes(number, b"".join(tag(i + 1, 5) + struct.pack("<f", v) for i, v in enumerate(values)))


def read_varint(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def walk(data, lo, hi):
    """Yields (number, wire type, value, tag offset); bytes values as (start, end)."""
    i = lo
    while i < hi:
        at = i
        key, i = read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, i = read_varint(data, i)
        elif wire == 1:
            value, i = data[i:i + 8], i + 8
        elif wire == 5:
            value, i = data[i:i + 4], i + 4
        elif wire == 2:
            length, i = read_varint(data, i)
            value, i = (i, i + length), i + length
        else:
            raise ValueError(f"wire type {wire} at byte {at}")
        yield number, wire, value, at
    if i != hi:
        raise ValueError(f"message overruns its end by {i - hi} bytes")


# --- decoding, from the format description ----------------------------------------------------

def point_values(stored, union):
    """The decoded point of a record's stored values (codes), as PKStrokePoint gives it."""
    x, y = stored["location"]
    w = float(stored["width"])
    secondary = float(stored["secondaryWidth"]) / w if union >> 9 & 1 and w != 0 else 1.0
    return {
        "x": float(x), "y": float(y), "t": float(stored["timeOffset"]), "w": w,
        "h": w * stored["aspect"] / 1000, "force": stored["force"] / 1000,
        "azimuth": (2 * stored["azimuth"] / 65535) * math.pi - math.pi,
        "altitude": (1 - stored["altitude"] / 65535) * math.pi / 2,
        "opacity": 2 * stored["opacity"] / 65535, "secondaryScale": secondary,
    }


def read_channels(data, i, mask, extra):
    stored = {}
    for bit in bits_of(mask & KNOWN):
        name, fmt = CHANNELS[bit]
        value = struct.unpack_from(fmt, data, i)
        stored[name] = value if len(value) > 1 else value[0]
        i += size(bit)
    return stored, i + extra


class Refused(Exception):
    def __init__(self, kind, offset, bits):
        super().__init__(f"{kind} at byte {offset}: bits {bits:#x}")
        self.kind, self.offset, self.bits = kind, offset, bits


def future_bytes(mask, total, known_bytes, offset):
    """The byte count of the channels above bit 10 in a block: inferred only when there is one
    such channel and it takes at least one byte."""
    unknown = mask & ~KNOWN
    if not unknown:
        return 0
    extra = total - known_bytes
    if len(bits_of(unknown)) != 1 or extra < 1:
        raise Refused("unsupportedVersion", offset, unknown)
    return extra


def decode_path(data, lo, hi):
    fields = {}
    offsets = {}
    for number, wire, value, at in walk(data, lo, hi):
        fields[number] = value
        offsets[number] = at
    count = fields.get(3, 0)
    if count == 0:
        return None
    per_point, constant = fields.get(4, 0), fields.get(5, 0)
    union = per_point | constant
    if per_point & constant or (union & 0x1FF) != 0x1FF:
        raise Refused("malformed", offsets.get(5, lo), union)
    if (union & KNOWN) not in LAYOUTS.values():
        raise Refused("unsupportedVersion", offsets.get(5, lo), union & KNOWN)
    records = fields.get(7, (lo, lo))
    constants = fields.get(6, (lo, lo))
    known_stride = sum(size(b) for b in bits_of(per_point & KNOWN))
    known_constant = sum(size(b) for b in bits_of(constant & KNOWN))
    record_bytes = records[1] - records[0]
    stride_total = record_bytes // count if record_bytes % count == 0 else -1
    extra_point = future_bytes(per_point, stride_total, known_stride, offsets.get(4, lo))
    extra_constant = future_bytes(constant, constants[1] - constants[0], known_constant,
                                  offsets.get(5, lo))
    stride = known_stride + extra_point
    if constants[1] - constants[0] != known_constant + extra_constant or count * stride != record_bytes:
        raise Refused("malformed", records[0], 0)
    base, _ = read_channels(data, constants[0], constant, 0)
    points = []
    i = records[0]
    for _ in range(count):
        stored, i = read_channels(data, i, per_point, extra_point)
        points.append(point_values({**base, **stored}, union))
    return {"perPointMask": per_point, "constantMask": constant, "points": points}


def decode(data):
    """The strokes of a drawing: ink identifier and decoded points (deleted strokes skipped)."""
    assert data[:4] == b"wrd\xf0", "not a PencilKit drawing"
    inks, strokes = [], []
    for number, wire, value, at in walk(data, 6, len(data)):
        if number == 4:
            for n, w, v, a in walk(data, *value):
                if n == 2:
                    inks.append(bytes(data[v[0]:v[1]]).decode())
        elif number == 5:
            ink = 0
            path = None
            for n, w, v, a in walk(data, *value):
                if n == 4:
                    ink = v
                elif n == 5:
                    path = v
            if path is not None:
                decoded = decode_path(data, *path)
                strokes.append((ink, decoded))
    return [{"ink": inks[ink], **(decoded or {"perPointMask": 0, "constantMask": 0, "points": []})}
            for ink, decoded in strokes]


def expectation(name, source, layout, strokes):
    columns = ["x", "y", "t", "w", "h", "force", "azimuth", "altitude", "opacity", "secondaryScale"]
    return {
        "name": name, "source": source, "layout": layout,
        "strokes": [{
            "ink": s["ink"], "perPointMask": s["perPointMask"], "constantMask": s["constantMask"],
            "count": len(s["points"]),
            **{c: [p[c] for p in s["points"]] for c in columns},
        } for s in strokes],
    }


# --- synthetic drawings -----------------------------------------------------------------------

def random_stored(rng, t):
    return {
        "location": (struct.unpack("<f", struct.pack("<f", rng.uniform(-50, 900)))[0],
                     struct.unpack("<f", struct.pack("<f", rng.uniform(-50, 1200)))[0]),
        "timeOffset": struct.unpack("<f", struct.pack("<f", t))[0],
        "width": struct.unpack("<f", struct.pack("<f", rng.choice([0.0, rng.uniform(0.5, 40)])))[0],
        "aspect": rng.randrange(65536), "edgeWidth": rng.randrange(65536),
        "force": rng.randrange(65536), "azimuth": rng.randrange(65536),
        "altitude": rng.randrange(65536), "opacity": rng.randrange(65536),
        "secondaryWidth": struct.unpack("<f", struct.pack("<f", rng.uniform(0, 60)))[0],
        "unknown10": rng.randrange(65536),
    }


def pack(stored, mask, future):
    out = b""
    for bit in bits_of(mask):
        if bit in CHANNELS:
            name, fmt = CHANNELS[bit]
            value = stored[name]
            out += struct.pack(fmt, *value) if isinstance(value, tuple) else struct.pack(fmt, value)
        else:
            out += bytes((bit * 37 + k) & 0xFF for k in range(future[bit]))
    return out


def path_message(rng, per_point, constant, count, future):
    """A path and the offsets (within it) of its mask fields and point records."""
    points = [random_stored(rng, 0.0125 * k) for k in range(count)]
    if per_point & 1 == 0 and count > 1:  # locations constant: every point at the first one
        for p in points:
            p["location"] = points[0]["location"]
    for bit in bits_of(constant & KNOWN):  # constant channels share the first point's value
        name = CHANNELS[bit][0]
        for p in points:
            p[name] = points[0][name]
    body = f_bytes(1, bytes(rng.randrange(256) for _ in range(16)))
    body += f_double(2, 790_000_000.0 + rng.randrange(10**6)) + f_varint(3, count)
    offsets = {"perPoint": len(body)}
    body += f_varint(4, per_point)
    offsets["constant"] = len(body)
    body += f_varint(5, constant)
    body += f_bytes(6, pack(points[0], constant, future))
    records = b"".join(pack(p, per_point, future) for p in points)
    offsets["records"] = len(body) + len(tag(7, 2) + varint(len(records)))
    body += f_bytes(7, records)
    return body, offsets, points


def drawing(rng, paths, ink="com.apple.ink.pen"):
    """A drawing of one ink and the given paths [(per_point, constant, count, future)]; returns
    the bytes, the absolute offsets of each path's fields and the stored points."""
    body = f_varint(1, 0)
    body += f_bytes(4, f_floats(1, [0.1, 0.2, 0.3, 1.0]) + f_bytes(2, ink.encode()) + f_varint(3, 3))
    placed = []
    for per_point, constant, count, future in paths:
        path, offsets, points = path_message(rng, per_point, constant, count, future)
        stroke_head = f_bytes(1, bytes(16)) + f_varint(4, 0)
        path_field = tag(5, 2) + varint(len(path))
        stroke = stroke_head + path_field + path + f_floats(6, [0, 0, 100, 100]) + f_varint(8, 1 << 37)
        start = 6 + len(body) + len(tag(5, 2) + varint(len(stroke))) + len(stroke_head) + len(path_field)
        placed.append(({k: start + v for k, v in offsets.items()}, points, per_point | constant))
        body += f_bytes(5, stroke)
    body += f_bytes(7, f_varint(1, 0) + f_varint(2, 0) + f_varint(3, 0)) + f_bytes(8, bytes(16))
    return b"wrd\xf0\x01\x00" + body, placed


def splits(rng, union):
    named = [0x1, 0x3, 0x7, 0x23, 0xE7, 0x103, union & ~0x1, union]
    chosen = [(0x1, 1)]  # a dot: location alone per-point
    chosen += [(0x0, 1)]  # one point, no per-point channel: stride 0
    chosen += [(m & union, 3) for m in named if m & union]
    chosen += [(rng.randrange(1, union + 1) & union or 1, rng.randrange(2, 5)) for _ in range(4)]
    return chosen


def write_case(name, data, expected):
    with open(os.path.join(OUT, f"{name}.pkdrawing"), "wb") as f:
        f.write(data)
    with open(os.path.join(OUT, f"{name}.expected.json"), "w") as f:
        json.dump(expected, f, indent=0, sort_keys=True)
        f.write("\n")


def synthetic():
    rng = random.Random(20261201)
    for layout, union in LAYOUTS.items():
        paths = [(m, union & ~m, count, {}) for m, count in splits(rng, union)]
        data, placed = drawing(rng, paths)
        strokes = decode(data)
        # The generator's own stored values, decoded, must equal the walker's reading.
        for stroke, (_, points, _) in zip(strokes, placed):
            assert stroke["points"] == [point_values(p, union) for p in points]
        write_case(f"layout-{layout}", data, expectation(f"layout-{layout}", "synthetic", layout, strokes))

    # Channels above bit 10, sizes told by the stride or the constant block: decoded, skipped.
    future_ok = {
        "future-bit11-per-point": [(0x803, 0x7FC, 3, {11: 2})],
        "future-bit11-constant": [(0x3, 0xFFC, 2, {11: 4})],
        "future-bit12-per-point-bit11-constant": [(0x1003, 0xFFC, 4, {11: 3, 12: 6})],
        "future-bit40-ten-channel": [(0x10000000007, 0x3F8, 2, {40: 1})],
    }
    for name, paths in future_ok.items():
        data, placed = drawing(rng, paths)
        strokes = decode(data)
        for stroke, (_, points, union) in zip(strokes, placed):
            assert stroke["points"] == [point_values(p, union) for p in points]
        write_case(name, data, expectation(name, "synthetic", "future", strokes))

    # Sizes nothing tells, or bits no PencilKit has written below bit 11: refused.
    refused = {
        "refused-two-unknown-per-point": ([(0x1803, 0x7FC, 2, {11: 2, 12: 2})], "perPoint", 0x1800),
        "refused-two-unknown-constant": ([(0x3, 0x37FC, 2, {12: 2, 13: 4})], "constant", 0x3000),
        "refused-unknown-without-bytes": ([(0x803, 0x7FC, 2, {11: 0})], "perPoint", 0x800),
        "refused-bit10-without-bit9": ([(0x3, 0x5FC, 2, {})], "constant", 0x5FF),
    }
    for name, (paths, field, bits) in refused.items():
        data, placed = drawing(rng, paths)
        offsets = placed[0][0]
        kind = "unsupportedVersion"
        try:
            decode(data)
            raise AssertionError(f"{name} decoded")
        except Refused as error:
            assert (error.kind, error.offset, error.bits) == (kind, offsets[field], bits), (name, error)
        write_case(name, data, {"name": name, "source": "synthetic", "layout": "refused",
                                "error": {"kind": kind, "offset": offsets[field], "bits": bits}})


def real():
    folder = os.path.join(OUT, "real")
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".b64"):
            continue
        name = file[:-4]
        with open(os.path.join(folder, file)) as f:
            lines = f.read().splitlines()
        text = "".join(line.strip() for line in lines if not line.startswith("#"))
        data = base64.b64decode(text, validate=True)
        strokes = decode(data)
        unions = {s["perPointMask"] | s["constantMask"] for s in strokes if s["points"]}
        layout = [k for k, v in LAYOUTS.items() if {v} == unions]
        with open(os.path.join(folder, f"{name}.expected.json"), "w") as f:
            json.dump(expectation(name, "real", layout[0] if layout else "mixed", strokes), f,
                      indent=0, sort_keys=True)
            f.write("\n")
        splits_seen = sorted({(hex(s["perPointMask"]), hex(s["constantMask"])) for s in strokes})
        print(f"{name}: {len(data)} bytes, {len(strokes)} strokes, "
              f"{sum(len(s['points']) for s in strokes)} points, splits {splits_seen}")


def dump(paths):
    for path in paths:
        data = open(path, "rb").read()
        if data[:4] != b"wrd\xf0":
            data = base64.b64decode("".join(l for l in data.decode().splitlines() if not l.startswith("#")))
        for stroke in decode(data):
            print(path, stroke["ink"], hex(stroke["perPointMask"]), hex(stroke["constantMask"]),
                  len(stroke["points"]), stroke["points"][:1])


if __name__ == "__main__":
    if sys.argv[1:2] == ["--dump"]:
        dump(sys.argv[2:])
    else:
        os.makedirs(OUT, exist_ok=True)
        synthetic()
        real()
