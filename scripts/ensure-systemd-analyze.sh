#!/usr/bin/env bash
# The systemd unit's test (scripts/deploy-unit.test.ts) runs Debian's systemd-analyze offline (no systemd as PID 1).
set -euo pipefail
if command -v systemd-analyze >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "[setup] installing Debian systemd for systemd-analyze"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd >/dev/null
else
  echo "[setup] systemd-analyze is missing: run 'sudo apt-get install -y systemd'" >&2
  exit 1
fi
