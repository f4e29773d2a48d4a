#!/usr/bin/env bash
# Measures the ductus command line on the shared Quick, Draw! development set, in one run:
#
#   Scripts/bench/cli.sh [--copies 20] [--repetitions 3]
#
# 1. `ductus inspect --format ndjson` on a corpus of every quickdraw-dev file concatenated
#    `copies` times, against Scripts/bench/cli_peer.py (Python's json module computing the same
#    facts); prints MB/s and records/s per CPU second and the ratios (above 1: ductus is
#    faster). One thread each.
# 2. `ductus render CORPUS -o FOLDER/ --thumbnail 64x64` with -j 1 and -j 2: records/s and the
#    wall-clock speed-up of the parallel map (meaningful only on an idle machine).
# The release binary is built by Scripts/ductus. Best of `repetitions` runs, wall clock and CPU
# seconds (user + system) each.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
copies=20 repetitions=3
while [ $# -gt 0 ]; do
  case "$1" in
    --copies) copies="$2"; shift 2 ;;
    --repetitions) repetitions="$2"; shift 2 ;;
    *) echo "usage: $0 [--copies N] [--repetitions R]" >&2; exit 2 ;;
  esac
done
shared="${DUCTUS_SHARED:-$root/../shared}"
source_folder="$shared/datasets/quickdraw-dev"
[ -d "$source_folder" ] || { echo "no $source_folder: set DUCTUS_SHARED" >&2; exit 66; }
"$root/Scripts/ductus" --version >/dev/null
ductus="$root/.build/ductus-release/release/ductus"

data="$(mktemp -d)"
trap 'rm -rf "$data"' EXIT
for _ in $(seq "$copies"); do cat "$source_folder"/*.ndjson; done >"$data/corpus.ndjson"
bytes=$(wc -c <"$data/corpus.ndjson")
records=$(grep -c . "$data/corpus.ndjson")

best() { # best wall-clock and CPU (user + system) seconds of a command over the repetitions
  local best_wall="" best_cpu=""
  for _ in $(seq "$repetitions"); do
    local times wall cpu
    times=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 )
    read -r wall user system <<<"$times"
    cpu=$(echo "$user + $system" | bc -l)
    if [ -z "$best_wall" ] || (($(echo "$wall < $best_wall" | bc -l))); then best_wall=$wall; fi
    if [ -z "$best_cpu" ] || (($(echo "$cpu < $best_cpu" | bc -l))); then best_cpu=$cpu; fi
  done
  echo "$best_wall $best_cpu"
}

echo "corpus: $records records, $bytes bytes ($copies copies of quickdraw-dev)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores (CPU seconds are the fairer figure under load)"
read -r ours ours_cpu <<<"$(best "$ductus" inspect --format ndjson --from quickdraw "$data/corpus.ndjson")"
read -r peer peer_cpu <<<"$(best python3 "$root/Scripts/bench/cli_peer.py" "$data/corpus.ndjson")"
rate() { echo "$1 / $2" | bc -l; }
printf 'inspect  ductus  wall %6.3f s  cpu %6.3f s  %6.1f MB/s  %7.0f records/s per CPU second (1 thread)\n' \
  "$ours" "$ours_cpu" "$(rate "$bytes / 1000000" "$ours_cpu")" "$(rate "$records" "$ours_cpu")"
printf 'inspect  python  wall %6.3f s  cpu %6.3f s  %6.1f MB/s  %7.0f records/s per CPU second (1 thread)\n' \
  "$peer" "$peer_cpu" "$(rate "$bytes / 1000000" "$peer_cpu")" "$(rate "$records" "$peer_cpu")"
printf 'inspect  ratio python/ductus: wall %.2f, cpu %.2f\n' "$(rate "$peer" "$ours")" \
  "$(rate "$peer_cpu" "$ours_cpu")"

head -n 2000 "$data/corpus.ndjson" >"$data/render.ndjson"
for jobs in 1 2; do
  rm -rf "$data/pictures"
  read -r wall cpu <<<"$(best "$ductus" render "$data/render.ndjson" --from quickdraw \
    -o "$data/pictures/" --thumbnail 64x64 --background white -j "$jobs")"
  eval "render_$jobs=$wall"
  printf 'render   -j %d    wall %6.3f s  cpu %6.3f s  %7.0f records/s wall (2000 64x64 PNG thumbnails)\n' \
    "$jobs" "$wall" "$cpu" "$(rate 2000 "$wall")"
done
printf 'render   wall-clock speed-up of -j 2 over -j 1: %.2f\n' "$(rate "$render_1" "$render_2")"
