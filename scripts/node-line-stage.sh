#!/usr/bin/env bash
# A short stage on another Node.js line (issue 51, `.ci/run`): this commit, cloned apart so its node_modules are built
# for that line, is installed, built and started on it; a sign-up is stored and its confirmation reaches an SMTP
# server (scripts/node-line-smoke.mjs). Usage: bash scripts/node-line-stage.sh 24.22.3
set -euo pipefail
version="${1:?usage: bash scripts/node-line-stage.sh VERSION}"
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-hardlinks "$root" "$work/app"
cd "$work/app"
# shellcheck source=scripts/use-node.sh
source scripts/use-node.sh "$version"
started=$SECONDS
npm ci --no-audit --no-fund --loglevel=error
npm run --silent build >/dev/null
node scripts/node-line-smoke.mjs
echo "[node $version] install, build and a sign-up with its mail in $((SECONDS - started)) s"
