#!/usr/bin/env bash
# CI's sheets tripwire (issue 21, decision 0035): the sheets bench at 10,000 rows, every kind
# (employees new, again unchanged, 1 row in 50 changed; attendance; leave; payroll), each timed
# against its floor measured in the same run (its read + a bare insert of its rows into a copy of
# the table it writes). A kind trips when it does not reach PROCESSED or its ratio is above its
# ceiling: the larger of twice its goal and its interim ceiling (INTERIM_CEILINGS in
# bench/sheets.bench.ts, which says each one). Prints every figure. Ratios of one run, never
# absolute times: a slow or busy machine slows the floor too.
#
# At 10,000 rows one run's ratios move by up to 1.5x (a floor of 0.2-0.3 s, measured once), so a
# run that trips is run once more, and CI fails only for a kind that trips in both runs (or a run
# that fails to measure): a regression of issue 21's size (8.5-53x) trips every run; a noisy
# figure rarely trips twice. The bench builds the server (apps/server/dist) before it starts it.
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH" # the project's Node 24
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
run() {
  echo "== sheets tripwire, run $1 (10,000 rows a sheet; load: $(uptime | sed 's/.*load average: //'))"
  BENCH_ROWS="${BENCH_ROWS:-10000}" BENCH_UPLOAD_TIMEOUT_S="${BENCH_UPLOAD_TIMEOUT_S:-120}" BENCH_HEAVY=0 BENCH_LIST_LOAD=0 BENCH_TRIPWIRE=1 \
    tsx bench/sheets.bench.ts 2>&1 | tee "$out/run$1.log"
  return "${PIPESTATUS[0]}"
}
tripped() { sed -n 's/^  FAIL \([^:]*\):.*/\1/p' "$out/run$1.log" | sort -u; }
if run 1; then exit 0; fi
first="$(tripped 1)"
if [ -z "$first" ]; then
  echo "tripwire: run 1 failed without a kind's figure (see above)"
  exit 1
fi
echo "tripwire: run 1 tripped on: $(echo "$first" | paste -sd ';' -); running once more"
if run 2; then
  echo "tripwire: run 2 held every kind: what run 1 measured was noise"
  exit 0
fi
second="$(tripped 2)"
both="$(comm -12 <(echo "$first") <(echo "$second"))"
if [ -z "$second" ]; then
  echo "tripwire: run 2 failed without a kind's figure (see above)"
  exit 1
fi
if [ -n "$both" ]; then
  echo "tripwire FAILED: above the ceiling in both runs: $(echo "$both" | paste -sd ';' -)"
  exit 1
fi
echo "tripwire: no kind tripped in both runs (run 1: $(echo "$first" | paste -sd ';' -); run 2: $(echo "$second" | paste -sd ';' -))"
exit 0
