#!/usr/bin/env bash
# Rendering throughput: InkRender (release build, one thread) against matplotlib's Agg (one
# thread) on every Quick, Draw! drawing of datasets/quickdraw-dev, PNG at scale 1 on white.
# Prints drawings a second for each and the ratio. Usage: Scripts/bench/render.sh [FILES…]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bench="$root/Scripts/bench/render"
shared="${DUCTUS_SHARED:-$root/../shared}"
if [ "$#" -eq 0 ]; then set -- "$shared"/datasets/quickdraw-dev/*.ndjson; fi
mkdir -p "$bench/.ductus"
ln -sfn "$root" "$bench/.ductus/Ductus"
cpu="$("$root/Scripts/target-cpu")"
flags=(${cpu:+-Xswiftc -target-cpu -Xswiftc "$cpu" -Xswiftc -DFUSED_MULTIPLY_ADD})
scratch="$root/.build/bench-render"
(cd "$bench" && swift build -c release --scratch-path "$scratch" ${flags[@]+"${flags[@]}"} >&2)
ductus=$("$scratch/release/render-bench" "$@")
peer=$(python3 "$root/Scripts/bench/render_peer.py" "$@")
python3 - "$ductus" "$peer" <<'PY'
import json, sys
ductus, peer = (json.loads(text) for text in sys.argv[1:])
rate = lambda run: run["drawings"] / run["seconds"]
print(f"InkRender (1 thread):  {ductus['drawings']} drawings in {ductus['seconds']:.3f} s, "
      f"{rate(ductus):.1f} drawings/s, {ductus['bytes'] / ductus['drawings'] / 1024:.1f} KiB/PNG")
print(f"matplotlib Agg (1 thread): {peer['drawings']} drawings in {peer['seconds']:.3f} s, "
      f"{rate(peer):.1f} drawings/s, {peer['bytes'] / peer['drawings'] / 1024:.1f} KiB/PNG")
print(f"ratio InkRender / matplotlib: {rate(ductus) / rate(peer):.2f}x")
PY
