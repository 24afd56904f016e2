#!/usr/bin/env bash
# Inside its own private D-Bus session (`dbus-run-session -- test/support/locked-keyring.sh ...`):
# a fresh gnome-keyring, unlocked, where the vault probe stores TOKEN; then the keyring is locked
# through the Secret Service's own Lock call (no prompt can unlock it: there is no display), and the
# probe tries to read it and to store NEW_TOKEN, then asks core what it says of the keychain. Prints
# the probe's three JSON lines.
# Usage: locked-keyring.sh HOME TOKEN NEW_TOKEN
set -euo pipefail
home=$1 token=$2 new_token=$3
root=$(cd "$(dirname "$0")/../.." && pwd)
export XDG_DATA_HOME=$home/keyring-data
mkdir -p "$XDG_DATA_HOME"
eval "$(printf 'locked-keyring-test' | gnome-keyring-daemon --unlock --components=secrets)"
export GNOME_KEYRING_CONTROL
unset DISPLAY WAYLAND_DISPLAY
probe() { node --import tsx "$root/test/support/vault-probe.ts" "$home/data" "$@"; }
probe store "$token" >/dev/null
dbus-send --session --dest=org.freedesktop.secrets --type=method_call --print-reply \
  /org/freedesktop/secrets org.freedesktop.Secret.Service.Lock \
  array:objpath:/org/freedesktop/secrets/collection/login >/dev/null
probe read "$token"
probe store "$new_token"
probe keychain "$token"
