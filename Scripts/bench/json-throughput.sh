#!/usr/bin/env bash
# Ductus JSON parse throughput: InkFormats' byte-level DuctusJSONReader against Foundation's
# JSONDecoder on the same generated documents, in one run, one thread, release build.
# Prints MB/s for each and the ratio. Usage: Scripts/bench/json-throughput.sh [STROKES]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bench="$root/Scripts/bench/json"
mkdir -p "$bench/.ductus"
ln -sfn "$root" "$bench/.ductus/Ductus"
scratch="$root/.build/bench-json"
(cd "$bench" && swift build -c release --scratch-path "$scratch" >&2)
"$scratch/release/json-bench" "$@"
