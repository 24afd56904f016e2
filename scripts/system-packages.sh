#!/usr/bin/env bash
# The Debian packages `npm test` needs, and the command each is found by. Missing ones are
# installed with apt-get when this runs as root or with password-less sudo; otherwise it stops at
# once with the exact command to run. Nothing here is needed by `npm install` or `npm start`.
set -euo pipefail

# package:command (a command that proves the package is there)
needs=(
  "chromium:chromium"                 # end-to-end tests (Playwright drives /usr/bin/chromium)
  "gnome-keyring:gnome-keyring-daemon" # the real Secret Service the vault is tested against
  "dbus:dbus-run-session"             # a private session bus for that keyring
  "poppler-utils:pdftoppm"            # printed pages turned into pictures
  "fonts-dejavu-core:"                # a font for Chromium's pages and PDFs
  "xmlsec1:xmlsec1"                   # the independent verifier of the sandbox's XAdES signatures
)

missing=()
for need in "${needs[@]}"; do
  package=${need%%:*}
  command=${need#*:}
  if [ -n "$command" ]; then
    command -v "$command" >/dev/null 2>&1 && continue
  else
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" && continue
  fi
  missing+=("$package")
done
[ "${#missing[@]}" -eq 0 ] && exit 0

install=(apt-get install -y -qq --no-install-recommends "${missing[@]}")
if [ "$(id -u)" -eq 0 ]; then
  sudo_cmd=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo_cmd=(sudo -n)
else
  echo "Faltan paquetes del sistema para las pruebas: ${missing[*]}" >&2
  echo "Instálelos con:  sudo apt-get update && sudo ${install[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "Faltan paquetes del sistema para las pruebas (${missing[*]}) y este sistema no tiene apt-get: instálelos con su gestor de paquetes." >&2
  exit 1
fi
echo "== system packages: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" "${install[@]}" >/dev/null
