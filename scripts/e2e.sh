#!/usr/bin/env bash
# Browser journeys with Playwright in Debian's Chromium. Installs the chromium package when it is
# missing and this user can; otherwise stops with the command to run.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "Chromium is missing: installing Debian's chromium package"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is missing. Install it with:  sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi
npm run -s build
playwright test -c e2e/playwright.config.ts "$@"
