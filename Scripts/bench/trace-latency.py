#!/usr/bin/env python3
"""Latency of tracing reports: `ductus trace session` answering one request at a time (p50, p99),
and one `ductus trace score` process per attempt, process start included.

Usage: Scripts/bench/trace-latency.py BINARY [TEMPLATE] [REQUESTS] [CALLS]
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1]
template = sys.argv[2] if len(sys.argv) > 2 else "latin/A"
requests = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
calls = int(sys.argv[4]) if len(sys.argv) > 4 else 100

# Synthetic attempts of the template, clean and with defects, as Ductus JSON drawings.
corpus = subprocess.run([binary, "synth", "trace", "-t", template, "-n", "50", "--seed", "9"],
                        check=True, capture_output=True, text=True).stdout.splitlines()
drawings = [json.loads(line)["drawing"] for line in corpus]
strokes = len(drawings[0]["strokes"])


def percentile(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def session_latencies(placement):
    """Milliseconds from writing a request to reading its answer, one request at a time."""
    session = subprocess.Popen([binary, "trace", "session", "--placement", placement],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    latencies = []
    for i in range(requests):
        line = json.dumps({"id": i, "template": template, "attempt": drawings[i % len(drawings)]}) + "\n"
        start = time.perf_counter()
        session.stdin.write(line)
        session.stdin.flush()
        answer = session.stdout.readline()
        latencies.append((time.perf_counter() - start) * 1000)
        if i == 0:
            assert "report" in json.loads(answer), answer
    session.stdin.close()
    session.wait()
    return latencies[10:]


for placement in ["box", "fit"]:
    warm = session_latencies(placement)
    print(f"session --placement {placement}: {template} ({strokes} strokes), {len(warm)} requests after "
          f"10 warm-up: p50 {statistics.median(warm):.3f} ms, p99 {percentile(warm, 99):.3f} ms, "
          f"max {max(warm):.3f} ms (target p99 <= 1 ms)")

with tempfile.TemporaryDirectory() as folder:
    attempt = os.path.join(folder, "attempt.json")
    with open(attempt, "w") as f:
        json.dump({"format": "ductus-drawing", "version": 1, **drawings[0]} if "format" not in drawings[0]
                  else drawings[0], f)
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        subprocess.run([binary, "trace", "score", "-t", template, "-a", attempt, "--placement", "box"],
                       check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    print(f"one process an attempt: {calls} calls: median {statistics.median(times):.1f} ms, "
          f"p95 {percentile(times, 95):.1f} ms, p99 {percentile(times, 99):.1f} ms (target <= 30 ms)")
