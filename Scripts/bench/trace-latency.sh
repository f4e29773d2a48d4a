#!/usr/bin/env bash
# Latency of `ductus trace session` (p50/p99 a request) and of one `ductus trace score` process,
# on the release binary that Scripts/ductus builds. Usage: Scripts/bench/trace-latency.sh [TEMPLATE]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
"$root/Scripts/ductus" --version >/dev/null
python3 "$root/Scripts/bench/trace-latency.py" "$root/.build/ductus-release/release/ductus" "${1:-latin/A}" "${2:-2000}" "${3:-100}"
