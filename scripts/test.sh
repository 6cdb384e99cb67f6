#!/usr/bin/env bash
# Everything: type check, lint, unit and API tests against PostgreSQL, browser journeys in Chromium.
# Run through `npm test`, so node_modules/.bin (with the project's Node 24) is first on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
node -e 'const [M]=process.versions.node.split(".").map(Number); if (M<24) { console.error("Node "+process.versions.node+" found; run this through npm test (the project pins Node 24)."); process.exit(1) }'
echo "== type check"
npm run -s typecheck
echo "== lint"
npm run -s lint
echo "== unit and API tests (PostgreSQL: ${DATABASE_URL:-embedded})"
vitest run
echo "== browser journeys (Chromium)"
bash scripts/e2e.sh
