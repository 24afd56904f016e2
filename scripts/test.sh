#!/usr/bin/env bash
# `npm test`: every check, in the order a failure is cheapest to read. First the system packages the
# tests need (scripts/system-packages.sh installs what is missing, or says the exact command). Tests
# run inside a private D-Bus session with a real gnome-keyring (scripts/with-keyring.sh). Extra
# arguments go to Vitest.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== system packages"; scripts/system-packages.sh
echo "== typecheck"; npm run --silent typecheck
echo "== format (Prettier)"; npx prettier --check --log-level warn .
echo "== lint"; npm run --silent lint
echo "== build (electron-vite: main, preload, renderer)"; npx electron-vite build >/dev/null
echo "== tests (unit, component, integration, reliability, e2e)"; scripts/with-keyring.sh npx vitest run "$@"
