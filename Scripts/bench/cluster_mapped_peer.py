"""The data and the measuring of Scripts/bench/cluster-mapped.sh.

generate DIR --points N --dimension D --centres C
    Gaussian blobs (NumPy seed 0: centres uniform in [-10, 10]^D, unit spread), their labels in
    DIR/truth.txt, and the float32 Euclidean distance matrix DIR/distances.npy, written a block of
    rows at a time through numpy.lib.format.open_memmap (the whole matrix is never in memory).
run DIR --name NAME -- COMMAND...
    Runs COMMAND (its standard output, the summary, to DIR/NAME.json), sampling /proc/PID/status and /proc/meminfo every 0.1 s, and prints one line:
    the wall time, the peak VmRSS, RssAnon and RssFile, the lowest MemAvailable, and the adjusted
    Rand index of DIR/NAME.csv (key,cluster) against DIR/truth.txt.
"""

import argparse
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from scipy.spatial.distance import cdist


def generate(args):
    folder = Path(args.folder)
    random = np.random.default_rng(0)
    centres = random.uniform(-10, 10, size=(args.centres, args.dimension))
    truth = random.integers(0, args.centres, size=args.points)
    points = centres[truth] + random.standard_normal((args.points, args.dimension))
    np.savetxt(folder / "truth.txt", truth, fmt="%d")
    n = args.points
    matrix = np.lib.format.open_memmap(
        folder / "distances.npy", mode="w+", dtype="<f4", shape=(n, n))
    block = max(1, (1 << 27) // (8 * n))
    start_time = time.time()
    for start in range(0, n, block):
        end = min(n, start + block)
        # SciPy's cdist from the differences: the matrix is exactly symmetric, its diagonal 0.
        matrix[start:end] = cdist(points[start:end], points).astype("<f4")
    matrix.flush()
    del matrix
    print(f"# {n} points, {args.dimension}-D, {args.centres} centres: matrix written in "
          f"{time.time() - start_time:.0f} s", file=sys.stderr)


def status(pid):
    fields = {}
    try:
        with open(f"/proc/{pid}/status") as file:
            for line in file:
                key, _, value = line.partition(":")
                if key in ("VmRSS", "RssAnon", "RssFile"):
                    fields[key] = int(value.split()[0]) * 1024
    except OSError:
        pass
    return fields


def available():
    with open("/proc/meminfo") as file:
        for line in file:
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    return 0


def run(args):
    from sklearn.metrics import adjusted_rand_score

    folder = Path(args.folder)
    start = time.time()
    summary = open(folder / f"{args.name}.json", "wb")
    process = subprocess.Popen(args.command, stdout=summary)
    peaks = {"VmRSS": 0, "RssAnon": 0, "RssFile": 0}
    lowest = available()
    while process.poll() is None:
        for key, value in status(process.pid).items():
            peaks[key] = max(peaks[key], value)
        lowest = min(lowest, available())
        time.sleep(0.1)
    elapsed = time.time() - start
    summary.close()
    if process.returncode != 0:
        sys.exit(f"error: {args.name} exited {process.returncode}")
    truth = np.loadtxt(folder / "truth.txt", dtype=int)
    labels = np.loadtxt(folder / f"{args.name}.csv", delimiter=",", skiprows=1, usecols=1,
                        dtype=int)
    gib = 1 << 30
    print(f"{args.name}: {elapsed:.1f} s, peak RSS {peaks['VmRSS'] / gib:.2f} GiB "
          f"(anonymous {peaks['RssAnon'] / gib:.3f} GiB, mapped file {peaks['RssFile'] / gib:.2f} "
          f"GiB), lowest MemAvailable {lowest / gib:.1f} GiB, {len(set(labels) - {-1})} clusters, "
          f"{int((labels < 0).sum())} noise, ARI against the centres "
          f"{adjusted_rand_score(truth, labels):.4f}")


def main():
    parser = argparse.ArgumentParser()
    commands = parser.add_subparsers(dest="command_name", required=True)
    g = commands.add_parser("generate")
    g.add_argument("folder")
    g.add_argument("--points", type=int, default=100000)
    g.add_argument("--dimension", type=int, default=8)
    g.add_argument("--centres", type=int, default=20)
    r = commands.add_parser("run")
    r.add_argument("folder")
    r.add_argument("--name", required=True)
    # The command to measure follows "--".
    own, command = sys.argv[1:], []
    if "--" in own:
        split = own.index("--")
        own, command = own[:split], own[split + 1:]
    args = parser.parse_args(own)
    if args.command_name == "generate":
        generate(args)
    else:
        args.command = command
        run(args)


if __name__ == "__main__":
    main()
