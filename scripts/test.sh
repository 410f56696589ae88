#!/usr/bin/env bash
# The README's test command: installs what the tests need, type-checks, then runs every suite
# (libraries, server on PGlite and on PostgreSQL, browser and SFTP end-to-end) in one vitest run.
set -euo pipefail
cd "$(dirname "$0")/.."

[ -d node_modules ] || npm ci --no-audit --no-fund
bash scripts/ensure-system-deps.sh

echo "== type-check"
npm run --silent typecheck

echo "== web app bundle (served by the end-to-end tests)"
node scripts/build-web.mjs

LW_TEST_POSTGRES_URL="$(bash scripts/test-postgres.sh)"
export LW_TEST_POSTGRES_URL
trap 'bash scripts/test-postgres.sh stop' EXIT

echo "== tests"
mkdir -p tmp
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json=tmp/test-results.json "$@"
status=$?
set -e
node -e '
const r = JSON.parse(require("fs").readFileSync("tmp/test-results.json", "utf8"));
console.log(`tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`);
' || true
exit $status
