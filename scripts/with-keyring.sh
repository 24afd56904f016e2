#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with a real, unlocked gnome-keyring in a throw-away
# folder, so the vault talks to a real Secret Service and never to the developer's own keyring.
# Usage: scripts/with-keyring.sh npx vitest run --project integration
set -euo pipefail

if [ -z "${FACTURA_DESK_IN_TEST_SESSION:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    command -v "$tool" >/dev/null || { echo "needs $tool (apt-get install dbus gnome-keyring; .ci/run installs it)" >&2; exit 1; }
  done
  export FACTURA_DESK_IN_TEST_SESSION=1
  exec dbus-run-session -- "$0" "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
fi

keyring_home=$(mktemp -d)
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home"
eval "$(printf 'factura-desk-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
"$@"
