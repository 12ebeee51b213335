#!/usr/bin/env bash
# Generate TypeScript from the shipped client schemas with json-schema-to-typescript and
# type-check examples/client/client.ts against it with tsc --strict:
#     bash .ci/typescript.sh [TOOLS_DIR]
# The npm packages are pinned in pyproject.toml ([tool.phase10] typescript) and installed
# into TOOLS_DIR (default: a temporary directory) unless TOOLS_DIR/node_modules has them.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
ROOT="$PWD"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
TOOLS="${1:-$WORK/tools}"
PYTHON="${PYTHON:-python3}"

if [ ! -x "$TOOLS/node_modules/.bin/json2ts" ] || [ ! -x "$TOOLS/node_modules/.bin/tsc" ]; then
    mapfile -t PACKAGES < <("$PYTHON" .ci/project.py typescript)
    npm install --silent --no-audit --no-fund --prefix "$TOOLS" "${PACKAGES[@]}"
fi
BIN="$TOOLS/node_modules/.bin"

SCHEMAS="$ROOT/src/phase10/schemas/client"
for schema in "$SCHEMAS"/*.json; do
    name="$(basename "$schema" .json)"
    # --cwd: the schemas refer to ../view.json and ../action.json beside them
    "$BIN/json2ts" --input "$schema" --output "$WORK/$name.ts" --cwd "$SCHEMAS" \
        --additionalProperties false --unreachableDefinitions
done
cp examples/client/client.ts "$WORK/client.ts"
"$BIN/tsc" --strict --noEmit --target es2020 --module es2020 --moduleResolution bundler \
    "$WORK"/*.ts
echo "typescript: $(find "$SCHEMAS" -maxdepth 1 -name "*.json" | wc -l) schemas generated, client.ts type-checks under tsc --strict"
