#!/usr/bin/env bash
# End to end at scale: a generated corpus of N Quick, Draw!-format drawings (default ten
# million, Scripts/scale/make-corpus.py with 1,000,000 unique drawings repeated under new keys),
# its drawing features as a .npy (ductus features), then mini-batch k-means on them (ductus
# cluster --method minibatch-kmeans, which reads the table in place). Prints each stage's
# drawings a second and peak memory: GNU time's maximum resident set size, which counts the
# mapped table's pages (the kernel's page cache), and the most anonymous memory (the process's
# own, RssAnon sampled twice a second). Usage: Scripts/bench/corpus-throughput.sh [N] [FOLDER]
# (FOLDER keeps the corpus, about 720 bytes a drawing, and the table, 432 bytes a drawing;
# default .build/corpus-throughput).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
count="${1:-10000000}"
folder="${2:-$root/.build/corpus-throughput}"
"$root/Scripts/ductus" --version >/dev/null
ductus="$root/.build/ductus-release/release/ductus"
mkdir -p "$folder"
corpus="$folder/corpus-$count.ndjson"
if [ ! -f "$corpus" ]; then
  python3 "$root/Scripts/scale/make-corpus.py" -n "$count" --unique 1000000 -o "$corpus"
fi
measure() { # label, then the command; prints seconds and peak MiB
  local label="$1"
  shift
  /usr/bin/time -f "%e %M" -o "$folder/time.txt" "$@" > "$folder/stdout.txt" &
  local pid=$! anonymous=0 sample
  sleep 0.2
  local child
  child="$(pgrep -P "$pid" | head -1 || true)"
  while kill -0 "$pid" 2>/dev/null; do
    sample="$(awk '/RssAnon/ {print $2}' "/proc/${child:-$pid}/status" 2>/dev/null || true)"
    if [ -n "$sample" ] && [ "$sample" -gt "$anonymous" ]; then anonymous="$sample"; fi
    sleep 0.5
  done
  wait "$pid"
  read -r seconds kib < "$folder/time.txt"
  python3 -c "import sys; n, s, k, a = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[5]); \
print(f'{sys.argv[4]}: {n:,} drawings in {s:.0f} s, {n / s:,.0f} drawings a second, peak memory {k / 1024:,.0f} MiB resident, {a / 1024:,.0f} MiB anonymous')" \
    "$count" "$seconds" "$kib" "$label" "$anonymous"
}
echo "cores: $(nproc), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
measure "features (drawing level, 54 columns, .npy)" \
  "$ductus" features "$corpus" --format npy -o "$folder/features.npy" -q
measure "minibatch-kmeans (k 6, batch 4096, 1 pass)" \
  "$ductus" cluster "$folder/features.npy" --method minibatch-kmeans --k 6 --batch-size 4096 \
  --max-iter 1 --seed 0 --no-scores -o "$folder/labels.csv" --format json -q
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
