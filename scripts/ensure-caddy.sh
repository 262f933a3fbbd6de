#!/usr/bin/env bash
# The TLS proxy test (e2e/tls-proxy.test.ts) runs Debian's caddy in front of two copies; it starts its own.
set -euo pipefail
if command -v caddy >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = "0" ]; then
  echo "[setup] installing Debian caddy for the TLS proxy test"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq caddy >/dev/null
else
  echo "[setup] caddy is missing: run 'sudo apt-get install -y caddy'" >&2
  exit 1
fi
