#!/usr/bin/env bash
# The MaskablePPO example at CI's budget, alone:  bash .ci/ppo.sh  (PYTHON=... to choose)
#
# Installs the package with the rl extra and the ppo dependency group (torch's CPU build,
# sb3-contrib; pinned in pyproject.toml) into $PYTHON's environment (a venv: `python` by
# default, as in .ci/run's extras step), then runs tests/test_ppo_example.py, which trains
# examples/rl/train_maskable_ppo.py and fails unless the policy beats RandomBot.
# PHASE10_REQUIRE_EXTRAS=1 turns a missing torch into an error, and a skipped test fails.
# The extras step of .ci/run already runs this test (it is an extras test and ppo an extras
# group); this script is the same check on its own, to run or time it by itself.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
PYTHON="${PYTHON:-python}"
LOG="$(mktemp)"
trap 'rm -f "$LOG"' EXIT

# --group needs pip >= 25.1
"$PYTHON" -m pip install -q --upgrade "pip>=25.1"
"$PYTHON" -m pip install -q -e ".[rl]" --group ppo --group test
echo "+ PHASE10_REQUIRE_EXTRAS=1 $PYTHON -m pytest -p no:cacheprovider -rs tests/test_ppo_example.py"
rc=0
PHASE10_REQUIRE_EXTRAS=1 "$PYTHON" -m pytest -p no:cacheprovider -rs tests/test_ppo_example.py \
    >"$LOG" 2>&1 || rc=$?
cat "$LOG"
if [ "$rc" -ne 0 ]; then
    echo "error: the MaskablePPO example test failed (pytest exit status $rc)" >&2
    exit "$rc"
elif grep -qE '(^SKIPPED|[0-9]+ skipped)' "$LOG"; then
    echo "error: the MaskablePPO example test was skipped" >&2
    exit 1
fi
