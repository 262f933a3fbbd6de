#!/usr/bin/env bash
# Issue 46 item 1: `npm ci && npm test` in N fresh clones of this checkout's HEAD, one after another, on Node.js 26 as
# CI runs it, each timed; run it with nothing else on the machine. Writes one line per run to OUT (default
# /tmp/measure.txt) and each run's output to /tmp/measure-N.log. Usage: bash scripts/measure-fresh-clones.sh [N]
set -u
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${1:-3}"
out="${OUT:-/tmp/measure.txt}"
: > "$out"
for i in $(seq 1 "$runs"); do
  dir="/tmp/measure-$i"
  rm -rf "$dir"
  git clone -q "$repo" "$dir"
  cd "$dir" || exit 1
  commit=$(git rev-parse --short HEAD)
  start=$(date +%s)
  # shellcheck source=scripts/use-node.sh
  (source scripts/use-node.sh 26.12.1 >/dev/null && npm ci && npm test) > "/tmp/measure-$i.log" 2>&1
  rc=$?
  end=$(date +%s)
  summary=$(sed 's/\x1b\[[0-9;]*m//g' "/tmp/measure-$i.log" | grep -E '^ +(Test Files|Tests) +[0-9]' | tail -2 | tr -s ' ' | tr '\n' ';')
  echo "run $i commit $commit rc=$rc seconds=$((end - start)) $summary" >> "$out"
  cd / && rm -rf "$dir/node_modules"
done
