#!/usr/bin/env python3
"""Decodes a PencilKit binary drawing with Google's protobuf runtime (upb, C) and numpy: the
peer of Ductus's PKDrawing(data:) in Scripts/bench/pkdrawing-throughput.

The message schema is built at run time from the layout in
Sources/OpenPencilKit/OpenPencilKit.docc/PencilKitBinaryFormat.md; protobuf parses the
messages, numpy reads the packed point records (one structured array a stroke) and turns every
channel into float64, as Ductus turns them into PKStrokePoint values.

    pkdrawing_peer.py FILE   prints the best of five decode times, MB/s and a checksum
"""
import math
import sys
import time

import numpy as np
from google.protobuf import descriptor_pb2, descriptor_pool, message_factory
from google.protobuf.internal import api_implementation

F = descriptor_pb2.FieldDescriptorProto
SCHEMA = {
    "Floats": [(f"v{i}", i, F.TYPE_FLOAT, None, False) for i in range(1, 7)],
    "Clock": [(f"c{i}", i, F.TYPE_UINT64, None, False) for i in range(1, 4)],
    "Ink": [("color", 1, F.TYPE_MESSAGE, "Floats", False), ("identifier", 2, F.TYPE_STRING, None, False),
            ("version", 3, F.TYPE_UINT64, None, False), ("unknown", 8, F.TYPE_DOUBLE, None, False)],
    "Path": [("id", 1, F.TYPE_BYTES, None, False), ("creation", 2, F.TYPE_DOUBLE, None, False),
             ("count", 3, F.TYPE_UINT64, None, False), ("per_point", 4, F.TYPE_UINT64, None, False),
             ("constant", 5, F.TYPE_UINT64, None, False), ("constants", 6, F.TYPE_BYTES, None, False),
             ("records", 7, F.TYPE_BYTES, None, False)],
    "Stroke": [("id", 1, F.TYPE_BYTES, None, False), ("clock", 2, F.TYPE_MESSAGE, "Clock", False),
               ("parent", 3, F.TYPE_MESSAGE, "Clock", False), ("ink", 4, F.TYPE_UINT64, None, False),
               ("path", 5, F.TYPE_MESSAGE, "Path", False), ("bounds", 6, F.TYPE_MESSAGE, "Floats", False),
               ("transform", 7, F.TYPE_MESSAGE, "Floats", False), ("flags", 8, F.TYPE_UINT64, None, False)],
    "Drawing": [("flags", 1, F.TYPE_UINT64, None, False), ("replicas", 2, F.TYPE_BYTES, None, True),
                ("clocks", 3, F.TYPE_MESSAGE, "Clock", True), ("inks", 4, F.TYPE_MESSAGE, "Ink", True),
                ("strokes", 5, F.TYPE_MESSAGE, "Stroke", True), ("summary", 7, F.TYPE_MESSAGE, "Clock", False),
                ("id", 8, F.TYPE_BYTES, None, False)],
}
CHANNELS = [("location", "<f4", 2), ("t", "<f4", 1), ("width", "<f4", 1), ("aspect", "<u2", 1),
            ("unknown4", "<u2", 1), ("force", "<u2", 1), ("azimuth", "<u2", 1), ("altitude", "<u2", 1),
            ("opacity", "<u2", 1), ("secondary", "<f4", 1), ("unknown10", "<u2", 1)]


def drawing_class():
    proto = descriptor_pb2.FileDescriptorProto(name="pkdrawing.proto", package="pk", syntax="proto2")
    for name, fields in SCHEMA.items():
        message = proto.message_type.add(name=name)
        for field, number, kind, type_name, repeated in fields:
            f = message.field.add(name=field, number=number, type=kind,
                                  label=F.LABEL_REPEATED if repeated else F.LABEL_OPTIONAL)
            if type_name:
                f.type_name = f".pk.{type_name}"
    pool = descriptor_pool.DescriptorPool()
    pool.Add(proto)
    return message_factory.GetMessageClass(pool.FindMessageTypeByName("pk.Drawing"))


DTYPES = {}


def dtype(mask):
    if mask not in DTYPES:
        DTYPES[mask] = np.dtype([(name, kind, (n,)) if n > 1 else (name, kind)
                                 for bit, (name, kind, n) in enumerate(CHANNELS) if mask >> bit & 1])
    return DTYPES[mask]


def decode(data, drawing_type):
    drawing = drawing_type.FromString(data[6:])
    strokes = []
    for stroke in drawing.strokes:
        if not stroke.HasField("path"):
            continue
        path = stroke.path
        points = np.frombuffer(path.records, dtype(path.per_point), int(path.count))
        constants = np.frombuffer(path.constants, dtype(path.constant), 1)

        def channel(name):
            source = points if name in points.dtype.names else constants
            return source[name].astype(np.float64)

        location = channel("location").reshape(-1, 2)
        secondary, width = np.broadcast_arrays(channel("secondary"), channel("width"))
        strokes.append({
            "x": location[:, 0], "y": location[:, 1], "t": channel("t"), "width": width,
            "height": width * channel("aspect") / 1000, "force": channel("force") / 1000,
            "azimuth": 2 * channel("azimuth") / 65535 * math.pi - math.pi,
            "altitude": (1 - channel("altitude") / 65535) * math.pi / 2,
            "opacity": 2 * channel("opacity") / 65535,
            "secondaryScale": np.divide(secondary, width, out=np.ones_like(width), where=width != 0),
            "ink": drawing.inks[stroke.ink].identifier,
        })
    return strokes


def main():
    data = open(sys.argv[1], "rb").read()
    drawing_type = drawing_class()
    best = math.inf
    for _ in range(5):
        start = time.perf_counter()
        strokes = decode(data, drawing_type)
        best = min(best, time.perf_counter() - start)
    points = sum(len(s["x"]) for s in strokes)
    checksum = sum(float(np.sum(np.broadcast_to(s["x"], (len(s["x"]),)))) +
                   float(np.sum(np.broadcast_to(s["force"], (len(s["x"]),)))) for s in strokes)
    megabytes = len(data) / 1e6
    print(f"peer (protobuf {api_implementation.Type()} + numpy): {len(strokes)} strokes, {points} points, "
          f"{megabytes:.1f} MB; decode {best:.3f} s = {megabytes / best:.0f} MB/s (1 thread); "
          f"checksum {checksum:.6f}")


if __name__ == "__main__":
    main()
