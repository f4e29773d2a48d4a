#!/usr/bin/env bash
# The $-family recognizers: $Q against $P in Ductus (the issue asks $Q >= 10x faster at equal
# accuracy), and Ductus's $P and $1 against the pure-Python PyPI packages dollarpy 0.1.1 and
# dollar-one-recognizer-py 1.0.0 (Scripts/bench/gestures_peer.py), on the $1 logs of ../shared.
#
#   Scripts/bench/gestures.sh            (DUCTUS: the binary, default .build/release/ductus)
#
# Ductus: `gestures recognize --best-only -j 1` (one thread) with the templates of subjects
# s02-s06 (2,400 gestures) and the 160 medium-speed gestures of s07 as candidates, and again with
# the same templates and one candidate; the difference of the two wall times over the 159 x 2,400
# extra comparisons is the time of one comparison (and a 159th of preparing a candidate), without
# starting the process or reading and preparing the templates. Each wall time is the least of
# three runs; the subtraction is still noisy on a loaded machine (the templates take seconds to
# read, $Q's comparisons a fraction of one), so run it on a quiet one. The peers: 16 templates
# (s02 medium, the first of each gesture) against 48 candidates of s07, timed per comparison in
# the process. Prints accuracy and microseconds a comparison, and the ratios.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
ductus="${DUCTUS:-$root/.build/release/ductus}"
logs="${DUCTUS_SHARED:-$root/../shared}/datasets/dollar-unistroke"
[ -x "$ductus" ] || (cd "$root" && swift build -c release --product ductus >&2)
many=()
for s in s02 s03 s04 s05 s06; do for v in fast medium slow; do many+=(-t "$logs/$s/$v"); done; done
run() { # recognizer, candidates -> "seconds accuracy", the least wall time of three runs
  local start end best=""
  for _ in 1 2 3; do
    start="$(date +%s.%N)"
    "$ductus" gestures recognize -r "$1" --best-only --min-score -1e300 -j 1 -q \
      --format text "${many[@]}" "$2" > "$out"
    end="$(date +%s.%N)"
    best="$(echo "$end - $start" | bc | awk -v b="$best" '{print (b == "" || $1 < b) ? $1 : b}')"
  done
  awk -v t="$best" '{g=$1; sub(/[0-9]+$/,"",g); n++; if (g==$2) c++}
    END {printf "%s %.4f\n", t, c/n}' "$out"
}
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
load="$(cut -d' ' -f1 /proc/loadavg)"
echo "# $ductus, one thread; load average $load"
declare -A micro accuracy
for r in dollarP dollarQ dollar1; do
  read -r big acc < <(run "$r" "$logs/s07/medium")
  read -r small _ < <(run "$r" "$logs/s07/medium/arrow01.xml")
  micro[$r]="$(echo "($big - $small) * 1000000 / (159 * 2400)" | bc -l)"
  accuracy[$r]="$acc"
  printf "ductus %-8s %8.2f us a comparison, accuracy %.4f with 2,400 templates\n" \
    "$r" "${micro[$r]}" "$acc"
done
read -r peerP peer1 < <(python3 "$root/Scripts/bench/gestures_peer.py" "$logs")
printf "dollarpy           %8.2f us a comparison\n" "$peerP"
printf "dollar-one-recognizer-py %8.2f us a comparison\n" "$peer1"
echo "\$Q is $(echo "scale=1; ${micro[dollarP]} / ${micro[dollarQ]}" | bc)x as fast as \$P" \
  "(accuracy ${accuracy[dollarQ]} against ${accuracy[dollarP]})"
echo "Ductus \$P is $(echo "scale=1; $peerP / ${micro[dollarP]}" | bc)x dollarpy;" \
  "\$Q $(echo "scale=1; $peerP / ${micro[dollarQ]}" | bc)x;" \
  "Ductus \$1 is $(echo "scale=1; $peer1 / ${micro[dollar1]}" | bc)x dollar-one-recognizer-py"
