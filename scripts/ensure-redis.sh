#!/usr/bin/env bash
# Shared-limit tests start their own redis-server (never the machine's shared one): Debian's package provides it.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "[setup] installing Debian redis-server for the shared rate-limit tests"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
else
  echo "[setup] redis-server is missing: run 'sudo apt-get install -y redis-server'" >&2
  exit 1
fi
