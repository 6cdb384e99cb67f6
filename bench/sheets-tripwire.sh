#!/usr/bin/env bash
# CI's sheets tripwire (issue 21, decision 0035): the sheets bench at 10,000 rows, every kind
# (employees new, again unchanged, 1 row in 50 changed; attendance; leave; payroll), each timed
# against its floor measured in the same run (its read + a bare insert of its rows into a copy of
# the table it writes). Fails when a kind does not reach PROCESSED or its ratio is above its ceiling:
# the larger of twice its goal and its interim ceiling (INTERIM_CEILINGS in bench/sheets.bench.ts;
# no kind holds that in every run yet, so each has one: employees new 6x, the same sheet unchanged
# 6x, 1 row in 50 changed 6x, attendance 4.5x, leave 8x, payroll 5.5x; issue 21's regression measured 8.5-53x). Prints every figure. Ratios of one run, never absolute times: a slow or busy machine
# slows the floor too. The bench builds the server (apps/server/dist) before it starts it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH" # the project's Node 24
echo "== sheets tripwire (10,000 rows a sheet; load: $(uptime | sed 's/.*load average: //'))"
BENCH_ROWS="${BENCH_ROWS:-10000}" BENCH_UPLOAD_TIMEOUT_S="${BENCH_UPLOAD_TIMEOUT_S:-120}" BENCH_HEAVY=0 BENCH_LIST_LOAD=0 BENCH_TRIPWIRE=1 tsx bench/sheets.bench.ts
