#!/usr/bin/env bash
# Browser tests use Debian's chromium (test tools cannot download browsers here).
set -euo pipefail
# CHROMIUM_PATH names another chromium (scripts/chromium.ts reads the same variable).
if [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "[setup] installing Debian chromium for the browser tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
else
  echo "[setup] /usr/bin/chromium is missing: run 'sudo apt-get install -y chromium'" >&2
  exit 1
fi
