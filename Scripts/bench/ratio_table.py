"""Prints the ratio table of a benchmark: the best time of each case on either side.

Usage: ratio_table.py DUCTUS_TIMES PEER_TIMES DIGITS MINE:PEER:LABEL ...

Each times file holds lines "case<TAB>seconds" (lines starting with "#" are notes); a case's
time is its best over the runs. Each pair names Ductus's case, the peer's case and the label;
the ratio is the peer's time over Ductus's (above 1: Ductus is faster).
"""
import sys


def read(path):
    best = {}
    for line in open(path):
        if not line.startswith("#"):
            key, value = line.rstrip("\n").split("\t")
            best[key] = min(best.get(key, float("inf")), float(value))
    return best


ours, theirs = read(sys.argv[1]), read(sys.argv[2])
digits = int(sys.argv[3])
print(f"{'case':44} {'ductus s':>10} {'peer s':>10} {'ratio':>8}")
for pair in sys.argv[4:]:
    mine, peer, label = pair.split(":", 2)
    print(f"{label:44} {ours[mine]:10.{digits}f} {theirs[peer]:10.{digits}f} "
          f"{theirs[peer] / ours[mine]:7.2f}x")
