"""Run one `ductus` job over many workers: Dask, Spark or one process, with the same bytes out.

The engines only schedule; every number is computed by the `ductus` binary, which each task runs
as a subprocess on its share of the input. Three jobs are written here:

- `features`: an NDJSON corpus cut into contiguous runs of lines (whole records), each run piped
  through `ductus features -`, the outputs joined in order (a CSV keeps the first run's header
  only). Byte-identical to one `ductus features CORPUS` run, since each record's rows depend on
  that record alone.
- `distances`: the upper triangle of the N×N matrix in K(K+1)/2 tiles (`--tile R,C --tiles K`),
  one task a tile, joined by `ductus distances --stitch`. Byte-identical to one run.
- `kmeans`: Lloyd's k-means whose assignment step runs on the workers (`ductus cluster PART.npy
  --method kmeans --init C.npy --max-iter 0`) and whose update step is a reduce of each
  cluster's sum and count on the driver; it stops when no label changes, as the single-process
  k-means does with `--tol 0`. Same labels and iterations, inertia equal to 1e-9.

Records need keys of their own (Quick, Draw! key_id, Ductus NDJSON "key"): a record without one
is keyed by its position in its input, which differs between a run and its share.

Usage: python3 Scripts/scale/ductus_scale.py JOB --engine local|dask|spark [options]; see
`--help` and the Scale article of the DuctusCLI documentation.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def ductus_binary() -> str:
    """The release binary that Scripts/ductus builds, or $DUCTUS_BIN."""
    return os.environ.get("DUCTUS_BIN", str(ROOT / ".build/ductus-release/release/ductus"))


def run_ductus(arguments: list[str], stdin: bytes | None = None) -> bytes:
    """Runs ductus; its standard output, or an error naming the command and its stderr."""
    done = subprocess.run(
        [ductus_binary(), *arguments], input=stdin, capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(
            f"ductus {' '.join(arguments)} exited with {done.returncode}: "
            + done.stderr.decode(errors="replace").strip())
    return done.stdout


def line_runs(path: str, count: int) -> list[tuple[int, int]]:
    """`count` contiguous byte ranges of the file, each ending at a line's end (some may be
    empty when the file has fewer lines)."""
    size = os.path.getsize(path)
    cuts = [0]
    with open(path, "rb") as file:
        for part in range(1, count):
            file.seek(max(cuts[-1], size * part // count))
            if file.tell() > 0:
                file.seek(file.tell() - 1)
                file.readline()
            cuts.append(max(cuts[-1], file.tell()))
    cuts.append(size)
    return list(zip(cuts[:-1], cuts[1:]))


def read_run(path: str, run: tuple[int, int]) -> bytes:
    with open(path, "rb") as file:
        file.seek(run[0])
        return file.read(run[1] - run[0])


class Engine:
    """Maps a picklable function over a list in order, on one process, Dask or Spark."""

    def __init__(self, name: str, workers: int):
        self.name = name
        self.workers = workers
        self.client = None
        self.spark = None
        if name == "dask":
            from dask.distributed import Client, LocalCluster

            cluster = LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None)
            self.client = Client(cluster)
        elif name == "spark":
            from pyspark import SparkConf, SparkContext

            conf = (SparkConf().setMaster(f"local[{workers}]").setAppName("ductus")
                    .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
            self.spark = SparkContext.getOrCreate(conf)
            self.spark.setLogLevel("ERROR")
        elif name != "local":
            raise SystemExit(f"unknown engine {name!r}: local, dask or spark")

    def map(self, function, items: list) -> list:
        if self.client is not None:
            return self.client.gather(self.client.map(function, items, pure=False))
        if self.spark is not None:
            return self.spark.parallelize(items, max(1, len(items))).map(function).collect()
        return [function(item) for item in items]

    def close(self):
        if self.client is not None:
            cluster = self.client.cluster
            self.client.close()
            cluster.close()
        if self.spark is not None:
            self.spark.stop()


def writes_csv(options: list[str]) -> bool:
    """Whether the ductus options ask for CSV (`--format csv` or `--format=csv`)."""
    pairs = zip(options, options[1:] + [""])
    return any(o == "--format=csv" or (o == "--format" and v == "csv") for o, v in pairs)


def features_task(task: tuple[str, tuple[int, int], list[str], bool]) -> bytes:
    """One run of lines through `ductus features -`; the header kept only when asked."""
    corpus, run, options, keep_header = task
    lines = read_run(corpus, run)
    if not lines:
        return b""
    out = run_ductus(["features", "-", *options, "-o", "-"], stdin=lines)
    if not keep_header and writes_csv(options):
        out = out.split(b"\n", 1)[1] if b"\n" in out else b""
    return out


def spark_features(engine: Engine, corpus: str, options: list[str], partitions: int) -> bytes:
    """The features job as Spark users write it: `textFile(...).pipe(...)`."""
    command = " ".join([ductus_binary(), "features", "-", *options, "-o", "-"])
    rdd = engine.spark.textFile(corpus, minPartitions=partitions)
    csv = writes_csv(options)

    def drop_later_headers(index, lines):
        for position, line in enumerate(lines):
            if not (csv and index > 0 and position == 0):
                yield line

    rows = rdd.pipe(command).mapPartitionsWithIndex(drop_later_headers).collect()
    return "".join(row + "\n" for row in rows).encode()


def features(engine: Engine, corpus: str, options: list[str], partitions: int) -> bytes:
    if engine.spark is not None:
        return spark_features(engine, corpus, options, partitions)
    runs = line_runs(corpus, partitions)
    tasks = [(corpus, run, options, index == 0) for index, run in enumerate(runs)]
    return b"".join(engine.map(features_task, tasks))


def distance_tile_task(task: tuple[str, int, int, int, list[str], str]) -> str:
    corpus, row, column, tiles, options, folder = task
    path = os.path.join(folder, f"tile-{row}-{column}.npy")
    run_ductus(["distances", corpus, "--tile", f"{row},{column}", "--tiles", str(tiles),
                *options, "-o", path, "-q"])
    return path


def distances(engine: Engine, corpus: str, options: list[str], tiles: int, output: str):
    folder = tempfile.mkdtemp(prefix="ductus-tiles-", dir=os.path.dirname(os.path.abspath(output)))
    try:
        tasks = [(corpus, r, c, tiles, options, folder)
                 for r in range(tiles) for c in range(r, tiles)]
        paths = engine.map(distance_tile_task, tasks)
        run_ductus(["distances", "--stitch", "-o", output, *paths])
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def feature_part_task(task: tuple[str, tuple[int, int], list[str], str]) -> str:
    corpus, run, options, path = task
    run_ductus(["features", "-", *options, "--format", "npy", "-o", path], stdin=read_run(corpus, run))
    return path


def assignment_task(task: tuple[str, str, int]):
    """The map step: labels of a part to the given centres, and the part's sums and counts."""
    import numpy as np

    part, centres, k = task
    labels_path = part + ".labels.csv"
    summary = json.loads(run_ductus([
        "cluster", part, "--method", "kmeans", "--k", str(k), "--init", centres,
        "--max-iter", "0", "--no-scores", "--format", "json", "-o", labels_path]))
    rows = np.load(part)
    with open(labels_path) as file:
        lines = file.read().split("\n")[1:-1]
    labels = np.array([int(line.rsplit(",", 1)[1]) for line in lines], dtype=np.int64)
    sums = np.zeros((k, rows.shape[1]))
    np.add.at(sums, labels, rows)
    counts = np.bincount(labels, minlength=k)
    return lines, labels, sums, counts, summary["inertia"]


def kmeans(engine: Engine, corpus: str, options: list[str], partitions: int, k: int,
           start: str, max_iter: int, folder: str):
    """Distributed Lloyd iterations: the `key,cluster` lines, the centres, the inertia and the
    iteration count."""
    import numpy as np

    runs = [run for run in line_runs(corpus, partitions) if run[0] < run[1]]
    parts = engine.map(feature_part_task, [
        (corpus, run, options, os.path.join(folder, f"part-{i}.npy")) for i, run in enumerate(runs)])
    centres = np.load(start)
    previous = None
    for iteration in range(1, max_iter + 1):
        path = os.path.join(folder, f"centres-{iteration}.npy")
        np.save(path, centres)
        results = engine.map(assignment_task, [(part, path, k) for part in parts])
        lines = [line for r in results for line in r[0]]
        labels = np.concatenate([r[1] for r in results])
        inertia = sum(r[4] for r in results)
        if previous is not None and np.array_equal(labels, previous):
            return lines, centres, inertia, iteration
        sums = sum(r[2] for r in results)
        counts = sum(r[3] for r in results)
        if (counts == 0).any():
            raise RuntimeError(
                f"iteration {iteration}: cluster(s) {np.flatnonzero(counts == 0).tolist()} are "
                "empty; this recipe does not relocate empty clusters (the single-process k-means "
                "does): choose another start")
        centres = sums / counts[:, None]
        previous = labels
    return lines, centres, inertia, max_iter


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("job", choices=["features", "distances", "kmeans"])
    parser.add_argument("corpus", help="an NDJSON corpus, one record a line")
    parser.add_argument("-o", "--output", required=True)
    parser.add_argument("--engine", default="local", choices=["local", "dask", "spark"])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--partitions", type=int, default=4, help="runs of lines (features, kmeans)")
    parser.add_argument("--tiles", type=int, default=3, help="K of K×K tiles (distances)")
    parser.add_argument("--k", type=int, help="clusters (kmeans)")
    parser.add_argument("--init", help="the K × features starting centres, .npy (kmeans)")
    parser.add_argument("--max-iter", type=int, default=300)
    parser.epilog = "Options after -- go to ductus features (or distances) unchanged."
    argv = sys.argv[1:]
    split = argv.index("--") if "--" in argv else len(argv)
    args = parser.parse_args(argv[:split])
    options = argv[split + 1:]
    engine = Engine(args.engine, args.workers)
    try:
        if args.job == "features":
            data = features(engine, args.corpus, options, args.partitions)
            temporary = args.output + ".partial"
            with open(temporary, "wb") as file:
                file.write(data)
            os.replace(temporary, args.output)
        elif args.job == "distances":
            distances(engine, args.corpus, options, args.tiles, args.output)
        else:
            if args.k is None or args.init is None:
                parser.error("kmeans needs --k and --init")
            with tempfile.TemporaryDirectory(prefix="ductus-kmeans-") as folder:
                lines, _, inertia, iterations = kmeans(
                    engine, args.corpus, options, args.partitions, args.k, args.init,
                    args.max_iter, folder)
            temporary = args.output + ".partial"
            with open(temporary, "w") as file:
                file.write("key,cluster\n" + "".join(line + "\n" for line in lines))
            os.replace(temporary, args.output)
            print(json.dumps({"inertia": inertia, "iterations": iterations, "k": args.k}))
    except RuntimeError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
